import { encodePayload } from "../qr/payload";
import type { QrContent } from "../qr/types";
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
