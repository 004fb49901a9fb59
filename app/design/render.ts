import { drawDesign } from "./drawing";
import type { Design } from "./schema";
import { drawingToSvg } from "./svg";

/** Content (the encoded payload) plus design, drawn as an SVG `width` pixels wide. */
export function designSvg(
  payload: string,
  design: Design,
  { width, logoHref }: { width: number; logoHref?: string },
): string {
  return drawingToSvg(drawDesign(payload, design, logoHref), width);
}
