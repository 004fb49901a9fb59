import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

// resvg in Node: the wasm comes from node_modules (the Worker imports it as a module instead).
let ready: Promise<void> | undefined;
function ensureResvg(): Promise<void> {
  const path = createRequire(import.meta.url).resolve("@resvg/resvg-wasm/index_bg.wasm");
  ready ??= initWasm(readFileSync(path));
  return ready;
}

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Draws an SVG `width` pixels wide on white, as RGBA pixels and as a PNG. */
export async function rasteriseSvg(
  svg: string,
  width: number,
): Promise<{ pixels: Pixels; png: Uint8Array }> {
  await ensureResvg();
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    background: "#ffffff",
    font: { loadSystemFonts: false },
  });
  const image = resvg.render();
  const pixels = {
    data: new Uint8ClampedArray(image.pixels),
    width: image.width,
    height: image.height,
  };
  const png = image.asPng();
  image.free();
  resvg.free();
  return { pixels, png };
}
