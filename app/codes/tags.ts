// Tags on saved codes (issue #29): short names a workspace files its codes under. One rule for
// the row form, the bulk action and the tag filter: trimmed, inner spaces collapsed, lower case
// (so "Poster" and "poster " are one tag), letters, digits, spaces and - _ . only.

export const MAX_TAG_LENGTH = 30;
export const MAX_TAGS_PER_CODE = 10;

const ALLOWED = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

export type TagCheck = { ok: true; tag: string } | { ok: false; message: string };

export function checkTag(input: unknown): TagCheck {
  const tag = String(input ?? "")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
  if (!tag) return { ok: false, message: "Please write a tag name." };
  if ([...tag].length > MAX_TAG_LENGTH) {
    return {
      ok: false,
      message: `A tag is at most ${MAX_TAG_LENGTH} characters; “${[...tag].slice(0, MAX_TAG_LENGTH).join("")}…” is longer.`,
    };
  }
  if (!ALLOWED.test(tag)) {
    return {
      ok: false,
      message: `“${tag}” cannot be a tag: use letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit.`,
    };
  }
  return { ok: true, tag };
}
