// The product's own messages in any language, for specs that walk pages as a reader of that
// language would: the label a person sees is looked up, not hard-coded (issue #32).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";

const ROOT = join(import.meta.dirname, "../../app/i18n/messages");

/** A message function for `code`, reading the catalogues as the Worker does. */
export function messagesOf(code: string) {
  const cache = new Map<string, Record<string, string>>();
  const namespaceOf = (id: string) => id.split(".")[0]!;
  const source = (locale: string, namespace: string) => {
    const key = `${locale}/${namespace}`;
    if (!cache.has(key)) {
      cache.set(key, JSON.parse(readFileSync(join(ROOT, locale, `${namespace}.json`), "utf8")));
    }
    return cache.get(key)!;
  };
  return (id: string, values?: Record<string, unknown>): string => {
    const text = source(code, namespaceOf(id))[id] ?? source("en", namespaceOf(id))[id];
    if (text === undefined) throw new Error(`No message ${id}`);
    const i18n = setupI18n({ locale: code, messages: { [code]: { [id]: compileMessage(text) } } });
    return i18n._(id, values);
  };
}
