// Tags on saved codes (issue #29): short names a workspace files its codes under. One rule for
// the row form, the bulk action and the tag filter: trimmed, inner spaces collapsed, lower case
// (so "Poster" and "poster " are one tag), letters, digits, spaces and - _ . only. A refusal's
// English is the API's; its phrase is what the dashboard says (issue #32).
import { phrase, type Phrase } from "../i18n/phrase";

export const MAX_TAG_LENGTH = 30;
export const MAX_TAGS_PER_CODE = 10;

const ALLOWED = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

export type TagCheck = { ok: true; tag: string } | { ok: false; message: string; phrase: Phrase };

export function checkTag(input: unknown): TagCheck {
  const tag = String(input ?? "")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
  if (!tag) {
    return {
      ok: false,
      message: "Please write a tag name.",
      phrase: phrase("dashboard.tag.empty"),
    };
  }
  if ([...tag].length > MAX_TAG_LENGTH) {
    const start = [...tag].slice(0, MAX_TAG_LENGTH).join("");
    return {
      ok: false,
      message: `A tag is at most ${MAX_TAG_LENGTH} characters; “${start}…” is longer.`,
      phrase: phrase("dashboard.tag.tooLong", { max: MAX_TAG_LENGTH, start }),
    };
  }
  if (!ALLOWED.test(tag)) {
    return {
      ok: false,
      message: `“${tag}” cannot be a tag: use letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit.`,
      phrase: phrase("dashboard.tag.characters", { tag }),
    };
  }
  return { ok: true, tag };
}
