import { CHARACTER_RANGES } from "./font/characters";

// What frame text may use: the characters the bundled font draws (text.ts), known from their code
// point ranges alone, so the schemas that check it never load the outlines.

function drawable(char: string): boolean {
  const point = char.codePointAt(0)!;
  return CHARACTER_RANGES.some(([first, last]) => point >= first && point <= last);
}

/** The characters of `text` the bundled font has no outline for, each once. */
export function unsupportedCharacters(text: string): string[] {
  return [...new Set([...text].filter((char) => !drawable(char)))];
}
