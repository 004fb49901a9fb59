// The English catalogue's text of a phrase (app/i18n/phrase.ts), to check that a shared module's
// English message and its phrase say the same thing: `expect(english(refusal.phrase)).toBe(
// refusal.message)`.
import { serverI18n } from "../../app/i18n/catalog.server";
import { DEFAULT_LOCALE, LOCALES } from "../../app/i18n/locales";
import type { Phrase } from "../../app/i18n/phrase";

export function english(phrase: Phrase | undefined): string {
  if (!phrase) throw new Error("no phrase");
  if (!(phrase.id in serverI18n(DEFAULT_LOCALE).messages)) throw new Error(`no id ${phrase.id}`);
  return serverI18n(DEFAULT_LOCALE)._(phrase.id, phrase.values);
}

/** The phrase in another language, by its code ("de", "ar"). */
export function inLanguage(code: string, phrase: Phrase | undefined): string {
  const locale = LOCALES.find((candidate) => candidate.code === code);
  if (!locale || !phrase) throw new Error(`no ${code} or no phrase`);
  return serverI18n(locale)._(phrase.id, phrase.values);
}
