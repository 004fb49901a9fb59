import { describe, expect, it } from "vitest";
import { encodeMatrix } from "../../app/qr/matrix";
import { renderPng, withPixelsPerMetre } from "../../app/qr/png-encode";
import { printSize } from "../../app/qr/print-size";
import { pngResolution as phys, readPngChunks as readChunks } from "../support/png-chunks";
import { decodeSingleQr } from "../support/qr-decode";

const MENU = "https://example.com/menu";
const style = { fgColor: "#1d4ed8", bgColor: "#ffffff" };

describe("PNG print size", () => {
  it("turns a width in cm or inches at 300 or 600 dpi into pixels and pixels per metre", () => {
    expect(printSize(10, "cm", 300)).toEqual({ pixels: 1181, pixelsPerMetre: 11811 });
    expect(printSize(2, "in", 600)).toEqual({ pixels: 1200, pixelsPerMetre: 23622 });
    expect(printSize(2.54, "cm", 300)).toEqual({ pixels: 300, pixelsPerMetre: 11811 });
    // The size a reader computes back from the pixels and pHYs is the one asked for.
    const { pixels, pixelsPerMetre } = printSize(5, "cm", 600);
    expect((pixels / pixelsPerMetre) * 100).toBeCloseTo(5, 2);
  });

  it("refuses a width that is not a positive number", () => {
    for (const width of [0, -3, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => printSize(width, "cm", 300)).toThrow(RangeError);
    }
  });

  it("writes a pHYs chunk in metres before the image data, and the code still scans", async () => {
    const { pixels, pixelsPerMetre } = printSize(4, "cm", 300);
    const png = renderPng(encodeMatrix(MENU), { ...style, size: pixels, pixelsPerMetre });
    expect(phys(png)).toEqual({ x: 11811, y: 11811, unit: 1 });
    const types = readChunks(png).map((chunk) => chunk.type);
    expect(types[0]).toBe("IHDR");
    expect(types.indexOf("pHYs")).toBeLessThan(types.indexOf("IDAT"));
    const width = new DataView(png.buffer, png.byteOffset).getUint32(16);
    expect(width).toBe(pixels);
    expect((await decodeSingleQr(png)).text).toBe(MENU);
  });

  it("writes no pHYs unless asked, and the pixels are the same either way", () => {
    const matrix = encodeMatrix(MENU);
    const plain = renderPng(matrix, { ...style, size: 512 });
    const printed = renderPng(matrix, { ...style, size: 512, pixelsPerMetre: 23622 });
    expect(readChunks(plain).map((chunk) => chunk.type)).toEqual(["IHDR", "PLTE", "IDAT", "IEND"]);
    const withoutPhys = readChunks(printed).filter((chunk) => chunk.type !== "pHYs");
    expect(withoutPhys).toEqual(readChunks(plain));
  });

  it("sets the resolution of a PNG from another writer, replacing any it stated", async () => {
    const plain = renderPng(encodeMatrix(MENU), { ...style, size: 256 });
    const once = withPixelsPerMetre(plain, 11811);
    expect(phys(once)).toEqual({ x: 11811, y: 11811, unit: 1 });
    const twice = withPixelsPerMetre(once, 23622);
    expect(phys(twice)).toEqual({ x: 23622, y: 23622, unit: 1 });
    expect(twice.length).toBe(once.length);
    expect((await decodeSingleQr(twice)).text).toBe(MENU);
  });
});
