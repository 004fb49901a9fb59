import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateScanlines } from "../../app/qr/deflate";
import { encodeModulePng, type Rgb } from "../../app/qr/png-encode";

// Reads a PNG back with Node's zlib (which also checks the Adler-32) and PNG's own rules, so that
// the encoder is judged by an independent decoder rather than by itself.
function decodeIndexed(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let at = 8;
  const idat: Uint8Array[] = [];
  let width = 0;
  let height = 0;
  let bitDepth = 0;
  let palette: Rgb[] = [];
  while (at < png.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      bitDepth = data[8]!;
      expect(data[9]).toBe(3);
    }
    if (type === "PLTE") {
      palette = Array.from(
        { length: length / 3 },
        (_, i) => [...data.subarray(i * 3, i * 3 + 3)] as unknown as Rgb,
      );
    }
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = 1 + Math.ceil((width * bitDepth) / 8);
  expect(raw.length).toBe(stride * height);
  const pixels = new Uint8Array(width * height);
  const previous = new Uint8Array(stride - 1);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * stride]!;
    const line = raw.subarray(y * stride + 1, (y + 1) * stride);
    const row = new Uint8Array(stride - 1);
    for (let i = 0; i < row.length; i++) {
      row[i] = filter === 0 ? line[i]! : filter === 2 ? (line[i]! + previous[i]!) & 255 : NaN;
    }
    expect([0, 2]).toContain(filter);
    previous.set(row);
    for (let x = 0; x < width; x++) {
      const bit = x * bitDepth;
      pixels[y * width + x] =
        (row[bit >> 3]! >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1);
    }
  }
  return { width, height, bitDepth, palette, pixels };
}

function randomGrid(n: number, colours: number, seed: number) {
  let state = seed;
  const grid = new Uint8Array(n * n);
  for (let i = 0; i < grid.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    grid[i] = (state >>> 16) % colours;
  }
  return grid;
}

describe("PNG encoder", () => {
  const palettes: Rgb[][] = [
    [
      [255, 255, 255],
      [29, 78, 216],
    ],
    [
      [255, 255, 255],
      [0, 0, 0],
      [200, 0, 0],
    ],
    Array.from({ length: 9 }, (_, i) => [i * 20, 255 - i * 20, 7] as Rgb),
    Array.from({ length: 40 }, (_, i) => [i, i * 2, i * 3] as Rgb),
  ];
  const cases = [
    { n: 29, size: 256 },
    { n: 41, size: 1024 },
    { n: 57, size: 2048 },
    { n: 185, size: 2048 }, // version 40 with its quiet zone
    { n: 33, size: 33 }, // one pixel per module, no padding
    { n: 25, size: 301 }, // an odd size: padding on every side
  ];
  for (const { n, size } of cases) {
    for (const palette of palettes) {
      it(`keeps every pixel of a ${n}-module grid at ${size} px with ${palette.length} colours`, () => {
        const grid = randomGrid(n, palette.length, n * size + palette.length);
        const padIndex = grid[0]!;
        const image = decodeIndexed(encodeModulePng({ grid, n, size, palette, padIndex }));
        expect([image.width, image.height]).toEqual([size, size]);
        expect(image.palette).toEqual(palette);
        const scale = Math.floor(size / n);
        const offset = Math.floor((size - n * scale) / 2);
        for (let y = 0; y < size; y += 1) {
          for (let x = 0; x < size; x += 1) {
            const row = Math.floor((y - offset) / scale);
            const col = Math.floor((x - offset) / scale);
            const inside = y >= offset && x >= offset && row < n && col < n;
            const expected = inside ? grid[row * n + col]! : padIndex;
            if (image.pixels[y * size + x] !== expected) {
              expect({ x, y, index: image.pixels[y * size + x] }).toEqual({
                x,
                y,
                index: expected,
              });
            }
          }
        }
      });
    }
  }

  it("compresses a 2048 px code to a few kilobytes", () => {
    const grid = randomGrid(57, 2, 7);
    const png = encodeModulePng({ grid, n: 57, size: 2048, palette: palettes[0]!, padIndex: 0 });
    expect(png.length).toBeLessThan(16_000);
  });

  it("deflates rows of every length, long runs and repeated rows, as zlib reads them", () => {
    for (const stride of [2, 3, 4, 200, 258, 259, 600]) {
      const rows: (Uint8Array | "up")[] = [];
      const expected: number[] = [];
      for (let y = 0; y < 12; y++) {
        if (y % 3 === 2 || y % 5 === 4) {
          rows.push("up");
          expected.push(2, ...new Array<number>(stride - 1).fill(0));
        } else {
          const row = Uint8Array.from({ length: stride }, (_, i) =>
            i < stride / 2 ? 0 : (y * 37) & 255,
          );
          rows.push(row);
          expected.push(...row);
        }
      }
      expect([...inflateSync(deflateScanlines(rows, stride))]).toEqual(expected);
    }
  });
});
