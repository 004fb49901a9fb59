import type { Drawing, Paint } from "../drawing";
import { num } from "../path";
import { cmykOf, components, DEFAULT_PRINT_WIDTH_PT, rgbOf, type PrintOptions } from "./color";
import { pathSegments } from "./segments";

// An EPS (EPSF-3.0) of a drawing (issue #28): no maintained library exists, so this small
// writer turns the drawing's paths into PostScript paths, with setrgbcolor or setcmykcolor, and
// gradients as Level 3 shadings. A logo is left to the PDF and SVG (EPS would need its pixels).

function pathProgram(d: string): string {
  return pathSegments(d)
    .map((segment) => {
      if (segment.op === "M") return `${num(segment.x)} ${num(segment.y)} m`;
      if (segment.op === "L") return `${num(segment.x)} ${num(segment.y)} l`;
      if (segment.op === "C") {
        return `${num(segment.x1)} ${num(segment.y1)} ${num(segment.x2)} ${num(segment.y2)} ${num(segment.x)} ${num(segment.y)} c`;
      }
      return "h";
    })
    .join("\n");
}

function shadingProgram(paint: Exclude<Paint, { type: "solid" }>, cmyk: boolean): string {
  const coords =
    paint.type === "linear"
      ? [paint.x1, paint.y1, paint.x2, paint.y2]
      : [paint.cx, paint.cy, 0, paint.cx, paint.cy, paint.r];
  const list = (values: number[]) => `[${values.map(num).join(" ")}]`;
  return (
    `<< /ShadingType ${paint.type === "linear" ? 2 : 3} /ColorSpace /Device${cmyk ? "CMYK" : "RGB"}` +
    ` /Coords ${list(coords)} /Extend [true true]` +
    ` /Function << /FunctionType 2 /Domain [0 1] /C0 ${list(components(paint.from, cmyk))}` +
    ` /C1 ${list(components(paint.to, cmyk))} /N 1 >> >> shfill`
  );
}

export function drawingToEps(
  drawing: Drawing,
  { widthPt = DEFAULT_PRINT_WIDTH_PT, cmyk = false }: PrintOptions = {},
): string {
  const scale = widthPt / drawing.width;
  const heightPt = drawing.height * scale;
  const body = drawing.paths.map((path) => {
    const outline = `newpath\n${pathProgram(path.d)}`;
    if (path.paint.type !== "solid") {
      return `gsave\n${outline}\nclip newpath\n${shadingProgram(path.paint, cmyk)}\ngrestore`;
    }
    const color = cmyk
      ? `${cmykOf(path.paint.color).map(num).join(" ")} setcmykcolor`
      : `${rgbOf(path.paint.color).map(num).join(" ")} setrgbcolor`;
    return `${color}\n${outline}\nfill`;
  });
  return [
    "%!PS-Adobe-3.0 EPSF-3.0",
    `%%BoundingBox: 0 0 ${Math.ceil(widthPt)} ${Math.ceil(heightPt)}`,
    `%%HiResBoundingBox: 0 0 ${num(widthPt)} ${num(heightPt)}`,
    "%%Creator: QR Code Creator",
    "%%LanguageLevel: 3",
    "%%Pages: 1",
    "%%EndComments",
    "%%Page: 1 1",
    "save",
    "/m { moveto } bind def /l { lineto } bind def /c { curveto } bind def /h { closepath } bind def",
    // Drawing units with y down, as in the SVG.
    `0 ${num(heightPt)} translate ${num(scale)} ${num(-scale)} scale`,
    ...body,
    "restore",
    "showpage",
    "%%EOF",
    "",
  ].join("\n");
}
