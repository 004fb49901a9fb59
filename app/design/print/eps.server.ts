import type { Drawing, Paint } from "../drawing";
import { num } from "../path";
import { cmykOf, components, DEFAULT_PRINT_WIDTH_PT, rgbOf, type PrintOptions } from "./color";
import type { LogoPixels } from "./logo-image";
import { pathSegments } from "./segments";

// An EPS (EPSF-3.0) of a drawing (issue #28): no maintained library exists, so this small
// writer turns the drawing's paths into PostScript paths, with setrgbcolor or setcmykcolor, and
// gradients as Level 3 shadings. A logo arrives as pixels (logo-pixels.server.ts draws them with resvg).

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

/** The logo as an image in its square, hex-encoded inline; CMYK by the same conversion. */
function imageProgram(drawing: Drawing, logo: LogoPixels, cmyk: boolean): string {
  const { x, y, side } = drawing.logo!;
  const hex = (value: number) => value.toString(16).padStart(2, "0");
  let data = "";
  for (let i = 0; i < logo.rgb.length; i += 3) {
    const [r, g, b] = [logo.rgb[i]!, logo.rgb[i + 1]!, logo.rgb[i + 2]!];
    if (cmyk) {
      const k = 255 - Math.max(r, g, b);
      const ink = (channel: number) =>
        k === 255 ? 0 : Math.round(((255 - channel - k) * 255) / (255 - k));
      data += hex(ink(r)) + hex(ink(g)) + hex(ink(b)) + hex(k);
    } else data += hex(r) + hex(g) + hex(b);
    if ((i / 3) % 32 === 31) data += "\n";
  }
  const decode = cmyk ? "[0 1 0 1 0 1 0 1]" : "[0 1 0 1 0 1]";
  return [
    "gsave",
    `${num(x)} ${num(y)} translate ${num(side)} ${num(side)} scale`,
    `/Device${cmyk ? "CMYK" : "RGB"} setcolorspace`,
    // Rows from the top, in this y-down space.
    `<< /ImageType 1 /Width ${logo.width} /Height ${logo.height} /BitsPerComponent 8 /Decode ${decode}` +
      ` /ImageMatrix [${logo.width} 0 0 ${logo.height} 0 0] /DataSource currentfile /ASCIIHexDecode filter >> image`,
    `${data}>`,
    "grestore",
  ].join("\n");
}

export function drawingToEps(
  drawing: Drawing,
  {
    widthPt = DEFAULT_PRINT_WIDTH_PT,
    cmyk = false,
    logo,
  }: PrintOptions & { logo?: LogoPixels } = {},
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
    ...(drawing.logo && logo ? [imageProgram(drawing, logo, cmyk)] : []),
    "restore",
    "showpage",
    "%%EOF",
    "",
  ].join("\n");
}
