import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { bytesToBase64 } from "./base64";
import { type LogoProblem, type LogoType, pixelProblem } from "./logo";
import type { QrMatrix } from "./matrix";
import { withPixelsPerMetre } from "./png-encode";
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
  await ensureResvg();
  const resvg = new Resvg(renderSvg(matrix, { ...style, logoHref: logoDataUrl(logo) }), {
    fitTo: { mode: "width", value: style.size },
    font: { loadSystemFonts: false },
  });
  const image = resvg.render();
  const png = image.asPng();
  image.free();
  resvg.free();
  return style.pixelsPerMetre === undefined
    ? (png as Uint8Array<ArrayBuffer>)
    : withPixelsPerMetre(png, style.pixelsPerMetre);
}
