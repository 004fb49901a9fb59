import { trimChars } from "../validation/trim";
import { MAX_CELL_LENGTH } from "./csv";

// File names inside a bulk ZIP (issue #17). Pure. A name comes from the row's `filename`, else its
// `title`, else its row number; it is made safe to unpack anywhere and unique in the archive.

export const MAX_NAME_LENGTH = 100;

/**
 * One path segment with no surprises: no separators, no `..`, no control characters, none of the
 * characters Windows refuses, no leading dots (hidden files) and at most 100 characters.
 * Returns "" when nothing usable is left.
 */
export function safeFileName(raw: string): string {
  const cleaned = raw
    // A cell is at most 5,000 characters (MAX_CELL_LENGTH); a name needs far fewer.
    .slice(0, MAX_CELL_LENGTH)
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    // Path segments that are only dots ("..", ".") go; the others are joined with dashes.
    .split(/[/\\]+/)
    .filter((segment) => !/^\.*$/.test(segment.trim()))
    .join("-")
    .replace(/[<>:"|?*]+/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/\s+/g, " ")
    .replace(/\.(png|svg)$/i, "");
  // Spaces are single by now; dots and spaces at either end go, without a backtracking regex.
  return trimChars([...trimChars(cleaned, ". ")].slice(0, MAX_NAME_LENGTH).join(""), " ");
}

/**
 * Gives every row its file's base name: the first "menu" stays "menu", the next is "menu-2",
 * then "menu-3"; names are compared as a case-insensitive file system would.
 */
export function assignFileNames(rows: { row: number; filename?: string; title?: string }[]) {
  const taken = new Set<string>();
  return rows.map(({ row, filename, title }) => {
    const base = safeFileName(filename ?? "") || safeFileName(title ?? "") || `row-${row}`;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = `-${n}`;
      name = `${[...base].slice(0, MAX_NAME_LENGTH - suffix.length).join("")}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}
