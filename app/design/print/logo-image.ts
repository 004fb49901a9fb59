import type { Drawing } from "../drawing";

/** A logo as opaque RGB pixels, row by row from the top. */
export interface LogoPixels {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/**
 * An SVG of the drawing's logo alone, `dpi` for its printed size, fitted in its square on the
 * code's background: what a rasteriser turns into pixels for writers that cannot embed a PNG or
 * JPEG (EPS).
 */
export function logoImageSvg(
  drawing: Drawing,
  { widthPt, dpi = 300, background }: { widthPt: number; dpi?: number; background: string },
): { svg: string; side: number } | undefined {
  if (!drawing.logo) return undefined;
  const sidePt = (drawing.logo.side * widthPt) / drawing.width;
  const side = Math.max(16, Math.min(1024, Math.round((sidePt / 72) * dpi)));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 1 1">` +
    `<rect width="1" height="1" fill="${background}"/>` +
    `<image width="1" height="1" preserveAspectRatio="xMidYMid meet" href="${drawing.logo.href}"/></svg>`;
  return { svg, side };
}

export function rgbFromRgba(rgba: ArrayLike<number>, width: number, height: number): LogoPixels {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) {
    rgb[j] = rgba[i]!;
    rgb[j + 1] = rgba[i + 1]!;
    rgb[j + 2] = rgba[i + 2]!;
  }
  return { width, height, rgb };
}
