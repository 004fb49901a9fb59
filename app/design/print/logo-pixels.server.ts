import { Resvg } from "@resvg/resvg-wasm";
import { ensureResvg } from "../../qr/png.server";
import type { Drawing } from "../drawing";
import { logoImageSvg, rgbFromRgba, type LogoPixels } from "./logo-image";

/** The drawing's logo as pixels for the EPS writer, drawn by resvg (see logoImageSvg). */
export async function logoPixels(
  drawing: Drawing,
  options: { widthPt: number; dpi?: number; background: string },
): Promise<LogoPixels | undefined> {
  const image = logoImageSvg(drawing, options);
  if (!image) return undefined;
  await ensureResvg();
  const resvg = new Resvg(image.svg, { fitTo: { mode: "width", value: image.side } });
  const rendered = resvg.render();
  const pixels = rgbFromRgba(rendered.pixels, rendered.width, rendered.height);
  rendered.free();
  resvg.free();
  return pixels;
}
