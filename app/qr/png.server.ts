import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { bytesToBase64 } from "./base64";
import { type LogoProblem, type LogoType, pixelProblem } from "./logo";
import type { QrMatrix } from "./matrix";
import { encodePixelsPng } from "./png-encode";
import { renderSvg } from "./svg";
import type { QrStyle } from "./types";

// Compiling the wasm once per isolate; Workers cannot compile wasm from bytes at run time, so the
// module arrives pre-compiled through the import above.
let resvgReady: Promise<void> | undefined;
export function ensureResvg(): Promise<void> {
  resvgReady ??= initWasm(resvgWasm).catch((error: unknown) => {
    resvgReady = undefined;
    throw error;
  });
  return resvgReady;
}

/** Pixels drawn by resvg, straight (not premultiplied) RGBA. */
export interface ResvgPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  words: Uint32Array;
  opaque: boolean;
}

/**
 * The one way into resvg: draws `svg` `width` pixels wide (on `background`, else transparent) and
 * hands its pixels to `read`, freeing resvg's memory however `read` ends. resvg's own PNG encoder is
 * never used: encodePixelsPng writes the pixels at a fraction of its cost.
 */
export async function withRaster<T>(
  svg: string,
  { width, background }: { width: number; background?: string },
  read: (pixels: ResvgPixels) => T | Promise<T>,
): Promise<T> {
  await ensureResvg();
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    ...(background ? { background } : {}),
    font: { loadSystemFonts: false },
  });
  const image = resvg.render();
  try {
    const data = new Uint8ClampedArray(image.pixels);
    const words = new Uint32Array(data.buffer, data.byteOffset, data.length / 4);
    let opaque = true;
    for (let i = 0; i < data.length; i += 4) {
      const alpha = data[i + 3]!;
      if (alpha === 255) continue;
      opaque = false;
      // resvg's pixels are premultiplied by alpha; PNG's are not.
      if (alpha === 0) continue;
      for (let c = i; c < i + 3; c++) data[c] = Math.round((data[c]! * 255) / alpha);
    }
    return await read({ width: image.width, height: image.height, data, words, opaque });
  } finally {
    image.free();
    resvg.free();
  }
}

export interface Logo {
  bytes: Uint8Array;
  type: LogoType;
}

/**
 * A logo whose header declares more pixels than we decode (or none at all), e.g. one stored before
 * uploads were checked for it (issue #27): it is never handed to a decoder. Answer it with a 4xx.
 */
export class LogoNotDrawableError extends Error {
  readonly title: string;
  constructor(problem: LogoProblem) {
    super(`The logo cannot be drawn. ${problem.description}`);
    this.title = problem.title;
    this.name = "LogoNotDrawableError";
  }
}

/** The logo as a data: URL for the SVG, once its header has passed the pixel check. */
export function logoDataUrl(logo: Logo): string {
  const problem = pixelProblem(logo.bytes, logo.type);
  if (problem) throw new LogoNotDrawableError(problem);
  return `data:${logo.type};base64,${bytesToBase64(logo.bytes)}`;
}

/**
 * A code with a logo: the logo needs real pixels, so resvg draws the whole SVG at the requested
 * size (the module grid stays crisp) and writes a true-colour PNG, stating a print resolution when
 * one is asked for.
 */
export async function renderLogoPng(
  matrix: QrMatrix,
  style: QrStyle & { pixelsPerMetre?: number },
  logo: Logo,
): Promise<Uint8Array<ArrayBuffer>> {
  return withRaster(
    renderSvg(matrix, { ...style, logoHref: logoDataUrl(logo) }),
    { width: style.size },
    (pixels) => encodePixelsPng({ ...pixels, pixelsPerMetre: style.pixelsPerMetre }),
  );
}
