import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { bytesToBase64 } from "./base64";
import type { LogoType } from "./logo";
import type { QrMatrix } from "./matrix";
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

export function logoDataUrl(logo: Logo): string {
  return `data:${logo.type};base64,${bytesToBase64(logo.bytes)}`;
}

/**
 * A code with a logo: the logo needs real pixels, so resvg draws the whole SVG at the requested
 * size (the module grid stays crisp) and writes a true-colour PNG.
 */
export async function renderLogoPng(
  matrix: QrMatrix,
  style: QrStyle,
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
  return png as Uint8Array<ArrayBuffer>;
}
