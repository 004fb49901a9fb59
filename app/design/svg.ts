import type { Drawing, Paint } from "./drawing";
import { num } from "./path";

function gradientElement(paint: Exclude<Paint, { type: "solid" }>, id: string): string {
  const stops = `<stop offset="0" stop-color="${paint.from}"/><stop offset="1" stop-color="${paint.to}"/>`;
  return paint.type === "linear"
    ? `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${num(paint.x1)}" y1="${num(paint.y1)}" x2="${num(paint.x2)}" y2="${num(paint.y2)}">${stops}</linearGradient>`
    : `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${num(paint.cx)}" cy="${num(paint.cy)}" r="${num(paint.r)}">${stops}</radialGradient>`;
}

/**
 * The drawing as an SVG document `width` pixels wide (the height follows the frame): one path per
 * paint, gradients by reference, the logo embedded. Deterministic, so the browser's preview and the
 * server's file are the same bytes.
 */
export function drawingToSvg(drawing: Drawing, width: number): string {
  const height = Math.round((width * drawing.height) / drawing.width);
  let defs = "";
  let body = "";
  drawing.paths.forEach((path, index) => {
    let fill: string;
    if (path.paint.type === "solid") fill = path.paint.color;
    else {
      const id = `g${index}`;
      defs += gradientElement(path.paint, id);
      fill = `url(#${id})`;
    }
    const crisp = path.crisp ? ` shape-rendering="crispEdges"` : "";
    body += `<path fill="${fill}"${crisp} d="${path.d}"/>`;
  });
  if (drawing.logo) {
    const { x, y, side, href } = drawing.logo;
    body += `<image x="${num(x)}" y="${num(y)}" width="${side}" height="${side}" preserveAspectRatio="xMidYMid meet" href="${href}"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${num(drawing.width)} ${num(drawing.height)}">` +
    (defs ? `<defs>${defs}</defs>` : "") +
    body +
    `</svg>`
  );
}
