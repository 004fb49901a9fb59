import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import zxingWasm from "zxing-wasm/reader/zxing_reader.wasm";
import { withRaster } from "../qr/png.server";
import type { Drawing } from "./drawing";
import { rasterise } from "./raster";
import { drawingToSvg } from "./svg";

// Before any image of a design leaves the server, a real decoder reads it back (issue #28): the
// drawing is rasterised small, as a phone sees a code across a table, and zxing-cpp must find
// exactly the payload in it.

let zxingPrepared = false;
function ensureZxing(): void {
  if (zxingPrepared) return;
  // Workers cannot compile wasm from bytes: hand zxing the module compiled at import time.
  prepareZXingModule({
    overrides: {
      instantiateWasm(
        imports: WebAssembly.Imports,
        receive: (instance: WebAssembly.Instance) => void,
      ) {
        void WebAssembly.instantiate(zxingWasm, imports).then(receive);
        return {};
      },
    },
  });
  zxingPrepared = true;
}

/** Pixels per module of the check's raster: the smallest at which every offered design reads. */
export const CHECK_PIXELS_PER_MODULE = 4;

export const DOES_NOT_SCAN =
  "This design does not scan: a phone could not read the code. Choose a simpler shape, stronger colours, a smaller logo or a larger size.";

export interface Pixels {
  /** RGBA, row by row, on an opaque background. */
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Whether zxing reads exactly `payload` from the pixels. When a PNG of the design is drawn anyway,
 * its pixels can be checked directly: the decode alone costs about a millisecond.
 */
export async function pixelsScan(pixels: Pixels, payload: string): Promise<boolean> {
  ensureZxing();
  const results = await readBarcodes(pixels as unknown as Blob, {
    formats: ["QRCode"],
    tryHarder: true,
    maxNumberOfSymbols: 2,
  });
  const valid = results.filter((result) => result.isValid);
  return (
    valid.length === 1 &&
    new TextDecoder("utf-8", { fatal: false }).decode(valid[0]!.bytes) === payload
  );
}

/**
 * Whether zxing reads `payload` back from the drawing, drawn small: by our rasteriser, or by resvg
 * when it has a logo. zxing reads luminance and ignores alpha: transparent corners must not turn
 * black, so the drawing sits on white.
 */
export async function drawingScans(drawing: Drawing, payload: string): Promise<boolean> {
  const width = Math.round(drawing.width * CHECK_PIXELS_PER_MODULE);
  const background = "#ffffff";
  const raster = rasterise(drawing, width, { background });
  if (raster) return pixelsScan(raster, payload);
  const pixels = await withRaster(drawingToSvg(drawing, width), { width, background }, (p) => p);
  return pixelsScan(pixels, payload);
}
