import { Resvg } from "@resvg/resvg-wasm";
import { describe, expect, it } from "vitest";
import { drawDesign } from "../../app/design/drawing";
import { PRESETS } from "../../app/design/presets";
import { DEFAULT_DESIGN } from "../../app/design/schema";
import {
  CHECK_PIXELS_PER_MODULE,
  drawingScans,
  pixelsScan,
} from "../../app/design/scan-check.server";
import { drawingToSvg } from "../../app/design/svg";
import { ensureResvg } from "../../app/qr/png.server";
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

  it("costs a millisecond to decode and more to rasterise, once warm", async () => {
    const drawings = PRESETS.map((preset) => drawDesign(LINK, preset.design));
    await drawingScans(drawings[0]!, LINK);
    await ensureResvg();
    const pixels = drawings.map((drawing) => {
      const width = Math.round(drawing.width * CHECK_PIXELS_PER_MODULE);
      const resvg = new Resvg(drawingToSvg(drawing, width), {
        fitTo: { mode: "width", value: width },
        background: "#ffffff",
      });
      const image = resvg.render();
      const rgba = { data: new Uint8ClampedArray(image.pixels), width, height: image.height };
      image.free();
      resvg.free();
      return rgba;
    });
    // workerd's clock stands still while code runs and moves on at I/O: a timer fences each loop.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const perImage = async (check: (index: number) => Promise<boolean>) => {
      const rounds = 5;
      await tick();
      const start = Date.now();
      for (let round = 0; round < rounds; round++) {
        for (let index = 0; index < drawings.length; index++) {
          expect(await check(index)).toBe(true);
        }
      }
      await tick();
      return (Date.now() - start) / (rounds * drawings.length);
    };
    const whole = await perImage((index) => drawingScans(drawings[index]!, LINK));
    const decode = await perImage((index) => pixelsScan(pixels[index]!, LINK));
    console.info(
      `decode check per image: ${whole.toFixed(1)} ms with rasterising, ${decode.toFixed(1)} ms decoding alone`,
    );
    expect(decode).toBeLessThan(whole);
  });
});
