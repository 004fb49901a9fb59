import { CAP_HEIGHT, GLYPHS, UNITS_PER_EM } from "./font/glyphs";
import { placeRelativePath } from "./path";

// Frame text as outlines of the bundled font (Noto Sans Bold), so it looks the same in every
// viewer and print shop and needs no font where it is drawn.

/** The width of `text` at a font size of 1 (one em). */
export function textWidth(text: string): number {
  let units = 0;
  for (const char of text) units += GLYPHS[char]?.[0] ?? 0;
  return units / UNITS_PER_EM;
}

/** Capital letters' height at a font size of 1. */
export const CAP_HEIGHT_EM = CAP_HEIGHT / UNITS_PER_EM;

/**
 * The outline of one line of text centred on `centerX`, with its capitals' middle on `middleY`,
 * at the largest size whose capitals are at most `capHeight` tall and whose width fits `maxWidth`.
 */
export function textPath(
  text: string,
  {
    centerX,
    middleY,
    capHeight,
    maxWidth,
  }: {
    centerX: number;
    middleY: number;
    capHeight: number;
    maxWidth: number;
  },
): string {
  const width = textWidth(text);
  if (width === 0) return "";
  const fontSize = Math.min(capHeight / CAP_HEIGHT_EM, maxWidth / width);
  const scale = fontSize / UNITS_PER_EM;
  let x = centerX - (width * fontSize) / 2;
  const baseline = middleY + (CAP_HEIGHT_EM * fontSize) / 2;
  let d = "";
  for (const char of text) {
    const glyph = GLYPHS[char];
    if (!glyph) continue;
    if (glyph[1]) d += placeRelativePath(glyph[1], x, baseline, scale);
    x += glyph[0] * scale;
  }
  return d;
}
