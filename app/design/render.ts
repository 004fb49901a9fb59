import { encodeMatrix } from "../qr/matrix";
import { encodePayload } from "../qr/payload";
import { renderSvg } from "../qr/svg";
import type { QrContent } from "../qr/types";
import { type Customization, isPlainDesign } from "./customization";
import { drawDesign } from "./drawing";
import type { Design } from "./schema";
import { drawingToSvg } from "./svg";

/**
 * Content (a code's content, or its already encoded payload) plus design, drawn as an SVG `width`
 * pixels wide. The browser's preview and the server's file call this with the same arguments and
 * get the same bytes.
 */
export function designSvg(
  content: QrContent | string,
  design: Design,
  { width, logoHref }: { width: number; logoHref?: string },
): string {
  const payload = typeof content === "string" ? content : encodePayload(content);
  return drawingToSvg(drawDesign(payload, design, logoHref), width);
}

/**
 * The SVG file of a customization, as /download.svg hands it out and the generator previews it: a
 * plain design keeps the module-grid drawing (today's bytes), any other is drawn from its paths.
 */
export function customizationSvg(
  payload: string,
  customization: Customization,
  { width = customization.size, logoHref }: { width?: number; logoHref?: string } = {},
): string {
  if (isPlainDesign(customization)) {
    const matrix = encodeMatrix(payload, logoHref ? "H" : customization.errorCorrection);
    const { fgColor, bgColor } = customization;
    return renderSvg(matrix, { size: width, fgColor, bgColor, logoHref });
  }
  return drawingToSvg(drawDesign(payload, customization, logoHref), width);
}
