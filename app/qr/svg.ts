import { QUIET_ZONE, type QrMatrix } from "./matrix";

export interface SvgOptions {
  /** Width and height in pixels. */
  size: number;
  fgColor: string;
  bgColor: string;
}

/**
 * One path of horizontal runs of dark modules on a background rectangle, in module units with the
 * quiet zone included; crisp edges so that renderers do not blur module borders.
 */
export function renderSvg(matrix: QrMatrix, { size, fgColor, bgColor }: SvgOptions): string {
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
    `</svg>`
  );
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
