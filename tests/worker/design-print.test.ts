import { describe, expect, it } from "vitest";
import { drawDesign } from "../../app/design/drawing";
import { PRESETS } from "../../app/design/presets";
import { drawingToEps } from "../../app/design/print/eps.server";
import { logoPixels } from "../../app/design/print/logo-pixels.server";
import { drawingToPdf } from "../../app/design/print/pdf.server";
import pngLogo from "../fixtures/logo.png?inline";

// The print writers run where they will serve downloads: inside workerd (issue #28). Their output
// is rasterised and decoded in tests/unit/design-print.test.ts.

const LINK = "https://qr.example.com/r/AbC123";

describe("print writers in workerd", () => {
  it("write a PDF with pdf-lib, logo included", async () => {
    const drawing = drawDesign(
      LINK,
      PRESETS.find((preset) => preset.id === "ocean")!.design,
      pngLogo,
    );
    const pdf = await drawingToPdf(drawing, { cmyk: true });
    const text = new TextDecoder("latin1").decode(pdf);
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toContain("/Subtype /Image");
    expect(text).toContain("/ShadingType 2");
  });

  it("write an EPS with the logo drawn to pixels by resvg", async () => {
    const design = PRESETS[0]!.design;
    const drawing = drawDesign(LINK, design, pngLogo);
    const logo = await logoPixels(drawing, { widthPt: 216, background: design.bgColor });
    // The logo's printed side at 300 dpi.
    const side = Math.round((((drawing.logo!.side * 216) / drawing.width) * 300) / 72);
    expect(logo).toMatchObject({ width: side, height: side });
    expect(logo!.rgb).toHaveLength(side * side * 3);
    const eps = drawingToEps(drawing, { logo });
    expect(eps).toContain(`/Width ${side} /Height ${side}`);
    expect(eps.trimEnd().endsWith("%%EOF")).toBe(true);
  });
});
