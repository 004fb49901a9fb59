import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { bytesToBase64 } from "./base64";
import type { LogoType } from "./logo";
import { QUIET_ZONE, type QrMatrix } from "./matrix";
import { encodeModulePng, type Rgb } from "./png-encode";
import { renderSvg } from "./svg";
import type { QrStyle } from "./types";

// Compiling the wasm once per isolate; Workers cannot compile wasm from bytes at run time, so the
// module arrives pre-compiled through the import above.
let resvgReady: Promise<void> | undefined;
function ensureResvg(): Promise<void> {
  resvgReady ??= initWasm(resvgWasm).catch((error: unknown) => {
    resvgReady = undefined;
    throw error;
  });
  return resvgReady;
}

/**
 * resvg rasterises the code's SVG at one pixel per module; every pixel is then scaled up by the
 * same whole number so that module edges stay sharp, and the rest of the requested size becomes
 * extra quiet zone. The result has the exact pixel size and the exact colours asked for.
 */
export async function renderPng(
  matrix: QrMatrix,
  style: QrStyle,
): Promise<Uint8Array<ArrayBuffer>> {
  await ensureResvg();
  const n = matrix.size + 2 * QUIET_ZONE;
  const resvg = new Resvg(renderSvg(matrix, { ...style, size: n }), {
    fitTo: { mode: "width", value: n },
    font: { loadSystemFonts: false },
  });
  const image = resvg.render();
  const pixels = image.pixels;
  image.free();
  resvg.free();

  const palette: Rgb[] = [];
  const lookup = new Map<number, number>();
  const grid = new Uint8Array(n * n);
  for (let i = 0; i < n * n; i++) {
    const key = (pixels[i * 4]! << 16) | (pixels[i * 4 + 1]! << 8) | pixels[i * 4 + 2]!;
    let index = lookup.get(key);
    if (index === undefined) {
      index = palette.length;
      lookup.set(key, index);
      palette.push([pixels[i * 4]!, pixels[i * 4 + 1]!, pixels[i * 4 + 2]!]);
    }
    grid[i] = index;
  }
  return encodeModulePng({ grid, n, size: style.size, palette, padIndex: grid[0]! });
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
