import { describe, expect, it } from "vitest";
import { drawDesign } from "../../app/design/drawing";
import { PRESETS } from "../../app/design/presets";
import { DEFAULT_DESIGN } from "../../app/design/schema";
import { drawingScans } from "../../app/design/scan-check.server";
import pngLogo from "../fixtures/logo.png?inline";

// The decode check as the Worker runs it (issue #28): resvg draws the design small and zxing-wasm,
// loaded as a compiled wasm module, must read the payload back before an image is handed out.

const LINK = "https://qr.example.com/r/AbC123";

describe("the decode check in workerd", () => {
  it("passes every preset, with and without a logo", async () => {
    for (const preset of PRESETS) {
      expect(await drawingScans(drawDesign(LINK, preset.design), LINK), preset.name).toBe(true);
      expect(await drawingScans(drawDesign(LINK, preset.design, pngLogo), LINK), preset.name).toBe(
        true,
      );
    }
  });

  it("refuses a drawing a phone could not read", async () => {
    // Past the contrast guard only by skipping it: pale dots on white.
    const pale = drawDesign(LINK, { ...DEFAULT_DESIGN, fgColor: "#f4f4f5" });
    expect(await drawingScans(pale, LINK)).toBe(false);
    // A code for other content is not a code for this one.
    expect(await drawingScans(drawDesign("https://other.example", DEFAULT_DESIGN), LINK)).toBe(
      false,
    );
  });

  it("costs a few milliseconds per image once warm", async () => {
    const drawings = PRESETS.map((preset) => drawDesign(LINK, preset.design));
    await drawingScans(drawings[0]!, LINK);
    // workerd's clock stands still while code runs and moves on at I/O: a timer fences the loop.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const rounds = 5;
    await tick();
    const start = Date.now();
    for (let round = 0; round < rounds; round++) {
      for (const drawing of drawings) await drawingScans(drawing, LINK);
    }
    await tick();
    const perImage = (Date.now() - start) / (rounds * drawings.length);
    console.info(`decode check: ${perImage.toFixed(1)} ms per image (rasterise and decode)`);
    expect(perImage).toBeLessThan(100);
  });
});
