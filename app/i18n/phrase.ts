// A message a shared, framework-free module builds with values in it (a row number, a plan's
// limit, a date) has two audiences (issue #32): the public API answers with its English
// `message`, and a page says it in the page's language from `phrase`, an id of the catalogues
// with the same values. The module never loads a catalogue; the action or loader that puts the
// message on a page translates it with the request's translator (`getT`): `say(t, refusal)`.
// tests/unit/phrases.ts checks that the English catalogue's text of a phrase is the `message`.
import type { Translate } from "./i18n";

export type PhraseValues = Record<string, string | number>;

/** A catalogue id and the values its ICU message needs. */
export interface Phrase {
  id: string;
  values?: PhraseValues;
}

/** Anything with an English message and, where it was built with values, its phrase. */
export interface Phrased {
  message: string;
  phrase?: Phrase;
}

/** A phrase: `phrase("bulk.error.row", { row: 3 })`. */
export function phrase(id: string, values?: PhraseValues): Phrase {
  return values ? { id, values } : { id };
}

/** `said`'s message in the language of `t`; its English when it carries no phrase. */
export function say(t: Translate, said: Phrased): string {
  return said.phrase ? t(said.phrase.id, said.phrase.values) : said.message;
}
