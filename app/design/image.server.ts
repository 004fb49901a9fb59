import { encodeMatrix } from "../qr/matrix";
import { encodePixelsPng, renderPng } from "../qr/png-encode";
import {
  type Logo,
  logoDataUrl,
  renderLogoPng,
  type ResvgPixels,
  withRaster,
} from "../qr/png.server";
import { designContrastProblems } from "./contrast";
import { type Customization, isPlainDesign } from "./customization";
import { drawDesign, type Drawing } from "./drawing";
import { drawingToEps } from "./print/eps.server";
import { logoPixels } from "./print/logo-pixels.server";
import { drawingToPdf } from "./print/pdf.server";
import { DEFAULT_PRINT_WIDTH_PT } from "./print/color";
import {
  CHECK_PIXELS_PER_MODULE,
  DOES_NOT_SCAN,
  drawingScans,
  type Pixels,
  pixelsScan,
} from "./scan-check.server";
import { type Raster, rasterise } from "./raster";
import { customizationSvg } from "./render";
import { drawingToSvg } from "./svg";
import type { DesignFormat } from "./formats";

// Every image of a design the server hands out (issue #28): the downloads, saved codes and both
// APIs draw through here. A plain design keeps today's module-grid drawing (same bytes); any other
// is drawn from its Drawing and read back by zxing before it leaves, and refused when it doesn't
// scan.

export { CONTENT_TYPES, DESIGN_FORMATS, type DesignFormat } from "./formats";

/** A design that must not be handed out, with the field to change. */
export class DesignRefusedError extends Error {
  readonly field: string;
  constructor(message: string, field: string) {
    super(message);
    this.name = "DesignRefusedError";
    this.field = field;
  }
}

export interface DesignImageOptions {
  /** The text the code encodes. */
  payload: string;
  customization: Customization;
  logo?: Logo | null;
  /** PNG: the resolution its pHYs states (print size). */
  pixelsPerMetre?: number;
  /** PNG: the width in pixels when it is not customization.size (print size). */
  pixels?: number;
  /** PDF and EPS: colours as CMYK. */
  cmyk?: boolean;
  /** PDF and EPS: the width in points. */
  widthPt?: number;
}

function refuseContrast(customization: Customization): void {
  // The schemas check this when parsing; a stored design is checked again before drawing.
  const [problem] = designContrastProblems(customization);
  if (problem) throw new DesignRefusedError(problem.message, problem.path.join("."));
}

async function refuseUnreadable(scans: Promise<boolean>): Promise<void> {
  if (!(await scans)) throw new DesignRefusedError(DOES_NOT_SCAN, "customization");
}

/**
 * The pixels of a drawing `drawing.width` modules wide, taken every few pixels so that about
 * CHECK_PIXELS_PER_MODULE remain per module: decoding a 1024 px image costs about 10 ms in workerd,
 * its sample about 1 ms, and the sample is what a phone sees of the printed code across a table.
 */
export function checkSample(pixels: Pixels, modulesWide: number): Pixels {
  const step = Math.floor(pixels.width / (modulesWide * CHECK_PIXELS_PER_MODULE));
  if (step < 2) return pixels;
  const width = Math.floor(pixels.width / step);
  const height = Math.floor(pixels.height / step);
  const source = new Uint32Array(
    pixels.data.buffer,
    pixels.data.byteOffset,
    pixels.data.length / 4,
  );
  const sample = new Uint32Array(width * height);
  const offset = step >> 1;
  for (let y = 0; y < height; y++) {
    const row = (y * step + offset) * pixels.width + offset;
    for (let x = 0; x < width; x++) sample[y * width + x] = source[row + x * step]!;
  }
  return { data: new Uint8ClampedArray(sample.buffer), width, height };
}

/**
 * A styled PNG: drawn by our own rasteriser (./raster.ts), or by resvg when it has a logo, checked
 * to scan on the very pixels it is made of, and written by our own PNG encoder.
 */
async function styledPng(
  drawing: Drawing,
  payload: string,
  width: number,
  pixelsPerMetre: number | undefined,
): Promise<Uint8Array<ArrayBuffer>> {
  const finish = async (pixels: ResvgPixels | Raster) => {
    // The pixels just drawn are the ones checked: the decode alone, no second drawing. The PNG is
    // written before the decode is awaited, so that concurrent requests hold only their sample
    // and their PNG, never their full-size pixels, while they wait.
    const sample = checkSample(pixels, drawing.width);
    const png = encodePixelsPng({ ...pixels, pixelsPerMetre });
    await refuseUnreadable(pixelsScan(sample, payload));
    return png;
  };
  const raster = rasterise(drawing, width);
  return raster ? finish(raster) : withRaster(drawingToSvg(drawing, width), { width }, finish);
}

/** The image of `payload` in its customization, in `format`, checked to scan when styled. */
export async function designImage(
  format: DesignFormat,
  options: DesignImageOptions,
): Promise<Uint8Array<ArrayBuffer> | string> {
  const { payload, customization, logo } = options;
  refuseContrast(customization);
  const plain = isPlainDesign(customization);
  const width = options.pixels ?? customization.size;
  const logoHref = logo ? logoDataUrl(logo) : undefined;

  // The generator's preview draws the SVG with the same function: the same bytes.
  if (plain && format === "svg")
    return customizationSvg(payload, customization, { width, logoHref });
  if (plain && format === "png") {
    const matrix = encodeMatrix(payload, logo ? "H" : customization.errorCorrection);
    const style = {
      size: width,
      fgColor: customization.fgColor,
      bgColor: customization.bgColor,
      pixelsPerMetre: options.pixelsPerMetre,
    };
    return logo
      ? renderLogoPng(matrix, { ...style, size: width as Customization["size"] }, logo)
      : renderPng(matrix, style);
  }

  const drawing = drawDesign(payload, customization, logoHref);
  if (format === "png") {
    return styledPng(drawing, payload, width, options.pixelsPerMetre);
  }
  if (!plain) await refuseUnreadable(drawingScans(drawing, payload));
  // customizationSvg's own drawing, reused from the check.
  if (format === "svg") return drawingToSvg(drawing, width);
  const widthPt = options.widthPt ?? DEFAULT_PRINT_WIDTH_PT;
  if (format === "pdf") {
    return (await drawingToPdf(drawing, {
      widthPt,
      cmyk: options.cmyk,
    })) as Uint8Array<ArrayBuffer>;
  }
  const logoImage = drawing.logo
    ? await logoPixels(drawing, { widthPt, background: customization.bgColor })
    : undefined;
  return drawingToEps(drawing, { widthPt, cmyk: options.cmyk, logo: logoImage });
}

/**
 * Why a design must not be saved, naming the part, or null: the contrast guard, then (for a styled
 * design) the decode check of its drawing. Saved codes are checked before they are stored.
 */
export async function designProblem(
  payload: string,
  customization: Customization,
  logo?: Logo | null,
): Promise<DesignRefusedError | null> {
  try {
    refuseContrast(customization);
    if (isPlainDesign(customization)) return null;
    const drawing = drawDesign(payload, customization, logo ? logoDataUrl(logo) : undefined);
    await refuseUnreadable(drawingScans(drawing, payload));
    return null;
  } catch (error) {
    if (error instanceof DesignRefusedError) return error;
    throw error;
  }
}
