import { logoBox } from "./logo";
import { QUIET_ZONE, type QrMatrix } from "./matrix";

export interface SvgOptions {
  /** Width and height in pixels. */
  size: number;
  fgColor: string;
  bgColor: string;
  /** A logo for the centre, as a data: URL of a PNG or JPEG (the matrix should be level H). */
  logoHref?: string;
}

/**
 * One path of horizontal runs of dark modules on a background rectangle, in module units with the
 * quiet zone included; crisp edges so that renderers do not blur module borders.
 */
export function renderSvg(
  matrix: QrMatrix,
  { size, fgColor, bgColor, logoHref }: SvgOptions,
): string {
  const span = matrix.size + 2 * QUIET_ZONE;
  let path = "";
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.modules[row * matrix.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.modules[row * matrix.size + col]) col++;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${span} ${span}" shape-rendering="crispEdges">` +
    `<rect width="${span}" height="${span}" fill="${bgColor}"/>` +
    `<path fill="${fgColor}" d="${path}"/>` +
    (logoHref ? logoMarkup(matrix.size, bgColor, logoHref) : "") +
    `</svg>`
  );
}

/** The logo on a background pad one module wider on every side. */
function logoMarkup(matrixSize: number, bgColor: string, href: string): string {
  const { start, side } = logoBox(matrixSize);
  const at = start + QUIET_ZONE;
  return (
    `<rect x="${at - 1}" y="${at - 1}" width="${side + 2}" height="${side + 2}" fill="${bgColor}"/>` +
    `<image x="${at}" y="${at}" width="${side}" height="${side}" preserveAspectRatio="xMidYMid meet" href="${href}"/>`
  );
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
