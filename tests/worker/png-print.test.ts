import { describe, expect, it } from "vitest";
import { encodeMatrix } from "../../app/qr/matrix";
import { encodeModulePng } from "../../app/qr/png-encode";
import { renderLogoPng } from "../../app/qr/png.server";
import { printSize } from "../../app/qr/print-size";
import { pngResolution, readPngChunks } from "../support/png-chunks";
import { decodeSingleQr } from "../support/qr-decode";

// A code with a logo is drawn by resvg, which writes its own PNG; a print size still reaches it.
describe("PNG with a logo, for print", () => {
  it("states the print resolution in a pHYs chunk, and still scans", async () => {
    const logo = encodeModulePng({
      grid: new Uint8Array(64).fill(1),
      n: 8,
      size: 64,
      palette: [
        [255, 255, 255],
        [200, 0, 0],
      ],
      padIndex: 0,
    });
    const { pixels, pixelsPerMetre } = printSize(2, "in", 600);
    const png = await renderLogoPng(
      encodeMatrix("https://example.com/menu", "H"),
      { size: 1024, fgColor: "#000000", bgColor: "#ffffff", pixelsPerMetre },
      { bytes: logo, type: "image/png" },
    );
    expect(pixels).toBe(1200);
    expect(pngResolution(png)).toEqual({ x: 23622, y: 23622, unit: 1 });
    expect(readPngChunks(png)[0]!.type).toBe("IHDR");
    expect((await decodeSingleQr(png)).text).toBe("https://example.com/menu");
  });
});
