import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { drawDesign } from "../../app/design/drawing";
import { rasterise } from "../../app/design/raster";
import {
  CORNER_DOT_SHAPES,
  CORNER_SHAPES,
  DEFAULT_DESIGN,
  DOT_SHAPES,
  FRAMES,
  type Design,
} from "../../app/design/schema";
import { drawingToSvg } from "../../app/design/svg";
import { encodePixelsPng } from "../../app/qr/png-encode";
import { pngResolution, readTrueColourPng } from "../support/png-chunks";
import { decodeQrCodes } from "../support/qr-decode";
import { rasteriseSvg } from "../support/resvg-node";

// The styled PNG's own rasteriser (issue #28's speed) against resvg, which drew them before: the
// same picture, pixel for pixel within anti-aliasing, and codes both decoders read.

const PAYLOAD = "https://qr.example.com/r/AbC123";
const GRADIENTS = [
  undefined,
  { type: "linear", from: "#1d4ed8", to: "#7e22ce", rotation: 45 },
  { type: "radial", from: "#0f766e", to: "#1e293b", rotation: 0 },
] as const;

function designs(): Array<[string, Design]> {
  const out: Array<[string, Design]> = [];
  let turn = 0;
  for (const dotShape of DOT_SHAPES) {
    for (const cornerShape of CORNER_SHAPES) {
      const cornerDotShape = CORNER_DOT_SHAPES[turn % CORNER_DOT_SHAPES.length]!;
      const frame = FRAMES[turn % FRAMES.length]!;
      const gradient = GRADIENTS[turn % GRADIENTS.length];
      turn++;
      out.push([
        `${dotShape} dots, ${cornerShape} corners, ${cornerDotShape} centre, ${frame} frame, ${gradient?.type ?? "solid"}`,
        {
          ...DEFAULT_DESIGN,
          dotShape,
          cornerShape,
          cornerDotShape,
          frame,
          frameText: "Scan me · Σκαν · Скан",
          gradient,
          fgColor: "#1e293b",
          cornerColor: turn % 2 ? "#b91c1c" : undefined,
        },
      ]);
    }
  }
  return out;
}

/** Both on white: mean difference per channel and the share of pixels off by more than 96. */
function difference(a: Uint8ClampedArray, b: Uint8ClampedArray) {
  const onWhite = (data: Uint8ClampedArray, p: number, c: number) =>
    (data[p + c]! * data[p + 3]!) / 255 + 255 - data[p + 3]!;
  let total = 0;
  let far = 0;
  for (let p = 0; p < a.length; p += 4) {
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(onWhite(a, p, c) - onWhite(b, p, c));
      total += d;
      worst = Math.max(worst, d);
    }
    if (worst > 96) far++;
  }
  return { mean: total / ((a.length / 4) * 3), far: far / (a.length / 4) };
}

describe("the styled PNG's rasteriser", () => {
  it.each(designs())("draws %s as resvg does, and it scans", async (_, design) => {
    const drawing = drawDesign(PAYLOAD, design);
    for (const width of [4 * Math.round(drawing.width), 1024]) {
      const ours = rasterise(drawing, width, { background: "#ffffff" })!;
      const { pixels } = await rasteriseSvg(drawingToSvg(drawing, width), width);
      expect([ours.width, ours.height]).toEqual([pixels.width, pixels.height]);
      const { mean, far } = difference(ours.data, pixels.data);
      // Edges differ by a shade where two anti-aliasers split a pixel differently.
      expect(mean, `${width} px mean`).toBeLessThan(2.5);
      expect(far, `${width} px far`).toBeLessThan(0.001);
      const zxing = await decodeQrCodes(ours as unknown as Blob);
      expect(zxing.map((result) => result.text)).toEqual([PAYLOAD]);
      expect(jsQR(ours.data, ours.width, ours.height)?.data).toBe(PAYLOAD);
    }
  });

  it("leaves the frame's corners transparent, as the SVG does, and the PNG keeps them", () => {
    const drawing = drawDesign(PAYLOAD, { ...DEFAULT_DESIGN, frame: "box" });
    const raster = rasterise(drawing, 300)!;
    expect(raster.opaque).toBe(false);
    expect(raster.data[3]).toBe(0);
    const png = readTrueColourPng(encodePixelsPng(raster));
    expect([png.width, png.colourType]).toEqual([300, 6]);
    expect(Buffer.compare(png.data, Buffer.from(raster.data))).toBe(0);
  });

  it("writes opaque pixels as an RGB PNG that reads back the same, with a pHYs resolution", () => {
    const drawing = drawDesign(PAYLOAD, {
      ...DEFAULT_DESIGN,
      dotShape: "classy-rounded",
      gradient: GRADIENTS[1],
    });
    const raster = rasterise(drawing, 777)!;
    expect(raster.opaque).toBe(true);
    const bytes = encodePixelsPng({ ...raster, pixelsPerMetre: 11811 });
    const png = readTrueColourPng(bytes);
    expect(png.colourType).toBe(2);
    expect(Buffer.compare(png.data, Buffer.from(raster.data))).toBe(0);
    expect(pngResolution(bytes)).toEqual({ x: 11811, y: 11811, unit: 1 });
  });

  it("leaves a drawing with a logo to resvg", () => {
    const drawing = drawDesign(PAYLOAD, DEFAULT_DESIGN, "data:image/png;base64,iVBORw0KGgo=");
    expect(rasterise(drawing, 200)).toBeUndefined();
  });
});
