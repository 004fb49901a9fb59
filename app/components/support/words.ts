import { useLingui } from "@lingui/react";

/**
 * The support components' words. /support and its tickets ship the `support` messages and read
 * them in the page's language; the staff inbox draws the same components and stays English (an
 * internal tool, issue #32), so without the message it gets the English given here.
 */
export function useSupportWords() {
  const { i18n } = useLingui();
  return (id: string, english: string, values: Record<string, string | number> = {}) =>
    id in i18n.messages
      ? i18n._(id, values)
      : english.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
}
