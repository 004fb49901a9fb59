import {
  appendBezierCurve,
  clip,
  closePath,
  concatTransformationMatrix,
  endPath,
  fill,
  lineTo,
  moveTo,
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  setFillingCmykColor,
  setFillingRgbColor,
  type PDFPage,
} from "pdf-lib";
import type { Drawing, Paint } from "../drawing";
import { cmykOf, components, DEFAULT_PRINT_WIDTH_PT, rgbOf, type PrintOptions } from "./color";
import { pathSegments } from "./segments";

// A vector PDF of a drawing (issue #28): the page is the code and its frame, every path is the
// drawing's own path, gradients are PDF shadings, and colours are RGB or CMYK.

function pathOperators(d: string): PDFOperator[] {
  return pathSegments(d).map((segment) => {
    if (segment.op === "M") return moveTo(segment.x, segment.y);
    if (segment.op === "L") return lineTo(segment.x, segment.y);
    if (segment.op === "C") {
      return appendBezierCurve(
        segment.x1,
        segment.y1,
        segment.x2,
        segment.y2,
        segment.x,
        segment.y,
      );
    }
    return closePath();
  });
}

function shading(page: PDFPage, paint: Exclude<Paint, { type: "solid" }>, cmyk: boolean) {
  const context = page.doc.context;
  const shadingDict = context.obj({
    ShadingType: paint.type === "linear" ? 2 : 3,
    ColorSpace: cmyk ? "DeviceCMYK" : "DeviceRGB",
    Coords:
      paint.type === "linear"
        ? [paint.x1, paint.y1, paint.x2, paint.y2]
        : [paint.cx, paint.cy, 0, paint.cx, paint.cy, paint.r],
    Function: {
      FunctionType: 2,
      Domain: [0, 1],
      C0: components(paint.from, cmyk),
      C1: components(paint.to, cmyk),
      N: 1,
    },
    Extend: [true, true],
  });
  return context.register(shadingDict);
}

function dataUrlBytes(href: string): { bytes: Uint8Array; type: string } {
  const [head, data] = href.split(",", 2) as [string, string];
  const type = head.slice("data:".length).split(";")[0]!;
  return { bytes: Uint8Array.from(atob(data), (char) => char.charCodeAt(0)), type };
}

export async function drawingToPdf(
  drawing: Drawing,
  { widthPt = DEFAULT_PRINT_WIDTH_PT, cmyk = false }: PrintOptions = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreator("QR Code Creator");
  pdf.setProducer("QR Code Creator");
  const scale = widthPt / drawing.width;
  const heightPt = drawing.height * scale;
  const page = pdf.addPage([widthPt, heightPt]);

  const shadings: Record<string, ReturnType<typeof shading>> = {};
  // Drawing units, y down, as in the SVG.
  const operators: PDFOperator[] = [
    pushGraphicsState(),
    concatTransformationMatrix(scale, 0, 0, -scale, 0, heightPt),
  ];
  for (const path of drawing.paths) {
    if (path.paint.type === "solid") {
      operators.push(
        cmyk
          ? setFillingCmykColor(...cmykOf(path.paint.color))
          : setFillingRgbColor(...rgbOf(path.paint.color)),
        ...pathOperators(path.d),
        fill(),
      );
    } else {
      const name = `Sh${Object.keys(shadings).length}`;
      shadings[name] = shading(page, path.paint, cmyk);
      operators.push(
        pushGraphicsState(),
        ...pathOperators(path.d),
        clip(),
        endPath(),
        PDFOperator.of(PDFOperatorNames.ShadingFill, [PDFName.of(name)]),
        popGraphicsState(),
      );
    }
  }
  operators.push(popGraphicsState());
  if (Object.keys(shadings).length > 0) {
    page.node.Resources()!.set(PDFName.of("Shading"), pdf.context.obj(shadings));
  }
  page.pushOperators(...operators);

  if (drawing.logo) {
    const { bytes, type } = dataUrlBytes(drawing.logo.href);
    const image = type === "image/png" ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
    const side = drawing.logo.side * scale;
    const fit = Math.min(side / image.width, side / image.height);
    const [width, height] = [image.width * fit, image.height * fit];
    page.drawImage(image, {
      x: drawing.logo.x * scale + (side - width) / 2,
      y: heightPt - drawing.logo.y * scale - side + (side - height) / 2,
      width,
      height,
    });
  }
  return pdf.save({ useObjectStreams: false });
}
