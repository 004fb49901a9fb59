// The message catalogues (issue #32): `messages/{locale}/{namespace}.json`, flat ICU messages
// keyed by id, English the source. They are compiled once per isolate and language, and a page
// gets only its namespaces (i18n/namespaces.ts).
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, type Locale, PSEUDO_LOCALE } from "./locales";
import { NAMESPACES, type Namespace } from "./namespaces";
import { pseudoMessage } from "./pseudo";

type Catalogue = Record<string, string>;

const files = import.meta.glob<Catalogue>("./messages/*/*.json", {
  eager: true,
  import: "default",
});

/** The raw catalogue of one language and namespace; empty when the file does not exist. */
export function rawCatalogue(code: string, namespace: Namespace): Catalogue {
  if (code === PSEUDO_LOCALE.code) {
    const english = rawCatalogue(DEFAULT_LOCALE.code, namespace);
    return Object.fromEntries(
      Object.entries(english).map(([id, text]) => [id, pseudoMessage(text)]),
    );
  }
  return files[`./messages/${code}/${namespace}.json`] ?? {};
}

// Deterministic and immutable once built: a true per-isolate singleton, like the wasm modules.
const compiled = new Map<string, Messages>();

/** One namespace in one language, compiled; a message not yet translated is the English one. */
function compiledNamespace(locale: Locale, namespace: Namespace): Messages {
  const key = `${locale.code}/${namespace}`;
  let messages = compiled.get(key);
  if (!messages) {
    const source = {
      ...rawCatalogue(DEFAULT_LOCALE.code, namespace),
      ...rawCatalogue(locale.code, namespace),
    };
    messages = Object.fromEntries(
      Object.entries(source).map(([id, text]) => [id, compileMessage(text)]),
    );
    compiled.set(key, messages);
  }
  return messages;
}

const merged = new Map<string, Messages>();

/** The compiled messages of `namespaces` in `locale`, merged: what a page sends the browser. */
export function pageMessages(locale: Locale, namespaces: readonly Namespace[]): Messages {
  // Every page load asks for its set: merged once per isolate, not on each request.
  const key = `${locale.code}/${namespaces.join()}`;
  let messages = merged.get(key);
  if (!messages) {
    messages = Object.assign(
      {},
      ...namespaces.map((namespace) => compiledNamespace(locale, namespace)),
    ) as Messages;
    merged.set(key, messages);
  }
  return messages;
}

const translators = new Map<string, I18n>();

/** A Lingui instance with every namespace of `locale`, for server-side text (actions, e-mails). */
export function serverI18n(locale: Locale): I18n {
  let i18n = translators.get(locale.code);
  if (!i18n) {
    i18n = setupI18n({
      locale: locale.code,
      messages: { [locale.code]: pageMessages(locale, NAMESPACES) },
    });
    translators.set(locale.code, i18n);
  }
  return i18n;
}

/**
 * A digest of every catalogue, computed when the app is compiled (scripts/catalogues-digest.ts):
 * a deployment that changes only text renders different pages from the same browser build, so
 * pages kept at the edge are keyed by it too.
 */
export const CATALOGUES_DIGEST: string = __CATALOGUES_DIGEST__;
