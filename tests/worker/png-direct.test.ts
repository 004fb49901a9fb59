import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { describe, expect, it } from "vitest";
import { encodeMatrix, QUIET_ZONE, type QrMatrix } from "../../app/qr/matrix";
import { encodeModulePng, renderPng, type Rgb } from "../../app/qr/png-encode";
import { renderSvg } from "../../app/qr/svg";
import { QR_SIZES } from "../../app/qr/types";
import { decodeSingleQr } from "../support/qr-decode";

// Codes without a logo are written straight from their module grid (issue #20: resvg's drawing was
// most of a 256 px generation's CPU). This proves the bytes are the ones the earlier way gave:
// resvg drawing the code's own SVG at one pixel per module, read back into a palette.

function throughResvg(matrix: QrMatrix, style: { size: number; fgColor: string; bgColor: string }) {
  const n = matrix.size + 2 * QUIET_ZONE;
  const image = new Resvg(renderSvg(matrix, { ...style, size: n }), {
    fitTo: { mode: "width", value: n },
    font: { loadSystemFonts: false },
  }).render();
  const pixels = image.pixels;
  const palette: Rgb[] = [];
  const lookup = new Map<number, number>();
  const grid = new Uint8Array(n * n);
  for (let i = 0; i < n * n; i++) {
    const key = (pixels[i * 4]! << 16) | (pixels[i * 4 + 1]! << 8) | pixels[i * 4 + 2]!;
    let index = lookup.get(key);
    if (index === undefined) {
      index = palette.length;
      lookup.set(key, index);
      palette.push([pixels[i * 4]!, pixels[i * 4 + 1]!, pixels[i * 4 + 2]!]);
    }
    grid[i] = index;
  }
  return encodeModulePng({ grid, n, size: style.size, palette, padIndex: grid[0]! });
}

const COLOURS = [
  { fgColor: "#000000", bgColor: "#ffffff" },
  { fgColor: "#1d4ed8", bgColor: "#fffbeb" },
  { fgColor: "#fff", bgColor: "#123" },
  { fgColor: "#7c2d12", bgColor: "#fde68a" },
];

describe("PNG without a logo", () => {
  it("has the same bytes as resvg's drawing, for every size, many payloads and colours", async () => {
    await initWasm(resvgWasm).catch(() => {}); // already initialised in this isolate
    let compared = 0;
    for (let i = 0; i < 60; i++) {
      const payload = `https://example.com/${"menu/".repeat(i % 13)}${i}?campaign=${i * 7919}`;
      const matrix = encodeMatrix(payload, i % 3 === 0 ? "H" : "M");
      const colours = COLOURS[i % COLOURS.length]!;
      const size = QR_SIZES[i % QR_SIZES.length]!;
      const direct = renderPng(matrix, { size, ...colours });
      expect(direct).toEqual(throughResvg(matrix, { size, ...colours }));
      compared++;
    }
    expect(compared).toBe(60);
  });

  it("scans", async () => {
    const matrix = encodeMatrix("WIFI:S:Cafe;T:WPA;P:supersecret;;");
    const png = renderPng(matrix, { size: 256, fgColor: "#1d4ed8", bgColor: "#fffbeb" });
    expect((await decodeSingleQr(png)).text).toBe("WIFI:S:Cafe;T:WPA;P:supersecret;;");
  });
});
