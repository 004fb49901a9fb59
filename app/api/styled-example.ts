import { parseCustomization } from "../design/customization";
import { designSvg } from "../design/render";
import { parseContent } from "../qr/schema";
import type { QrType } from "../qr/types";

// The styled request /docs/api shows (issue #28), with the image it answers. tests/worker/api.test.ts
// sends this very body to POST /api/v1/images and checks that the answer is the image shown.

export const STYLED_IMAGE_EXAMPLE = {
  type: "url",
  data: { url: "https://example.com/menu" },
  format: "svg",
  customization: {
    size: 256,
    fgColor: "#1e293b",
    dotShape: "rounded",
    cornerShape: "extra-rounded",
    cornerDotShape: "dot",
    cornerColor: "#1d4ed8",
    gradient: { type: "linear", from: "#1d4ed8", to: "#7c3aed", rotation: 45 },
    frame: "box",
    frameText: "Scan me",
  },
} as const;

let drawn: string | undefined;

/** The SVG the API answers for STYLED_IMAGE_EXAMPLE: the same parse and drawing, once per isolate. */
export function styledExampleSvg(): string {
  if (drawn) return drawn;
  const { type, data, customization } = STYLED_IMAGE_EXAMPLE;
  const content = parseContent(type as QrType, data);
  const design = parseCustomization(customization);
  if (!content.ok || !design.ok) throw new Error("The documented styled example does not parse");
  drawn = designSvg(content.value, design.value, { width: design.value.size });
  return drawn;
}
