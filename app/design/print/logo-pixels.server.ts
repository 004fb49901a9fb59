import { withRaster } from "../../qr/png.server";
import type { Drawing } from "../drawing";
import { logoImageSvg, rgbFromRgba, type LogoPixels } from "./logo-image";

/** The drawing's logo as pixels for the EPS writer, drawn by resvg (see logoImageSvg). */
export async function logoPixels(
  drawing: Drawing,
  options: { widthPt: number; dpi?: number; background: string },
): Promise<LogoPixels | undefined> {
  const image = logoImageSvg(drawing, options);
  if (!image) return undefined;
  return withRaster(image.svg, { width: image.side }, (pixels) =>
    rgbFromRgba(pixels.data, pixels.width, pixels.height),
  );
}
