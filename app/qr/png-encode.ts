import { parseHexColor } from "./contrast";
import { deflateScanlines, type Scanline } from "./deflate";
import { QUIET_ZONE, type QrMatrix } from "./matrix";
import type { QrStyle } from "./types";

// A small PNG writer for module grids: indexed colour, rows scaled up by an exact integer factor.
// Repeated rows use the "Up" filter (all zero bytes), so even 2048 px codes compress in a moment.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, crc = 0xffffffff): number {
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return crc;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, (crc32(out.subarray(4, 8 + data.length)) ^ 0xffffffff) >>> 0);
  return out;
}

/** PNG's pHYs chunk: the same resolution across and down, in pixels per metre (unit 1). */
function physChunk(pixelsPerMetre: number): Uint8Array {
  if (!Number.isInteger(pixelsPerMetre) || pixelsPerMetre < 1 || pixelsPerMetre > 0xffffffff) {
    throw new RangeError(`Pixels per metre: ${pixelsPerMetre}`);
  }
  const data = new Uint8Array(9);
  const view = new DataView(data.buffer);
  view.setUint32(0, pixelsPerMetre);
  view.setUint32(4, pixelsPerMetre);
  data[8] = 1; // metre
  return chunk("pHYs", data);
}

const SIGNATURE_LENGTH = 8;
const IHDR_END = SIGNATURE_LENGTH + 12 + 13;

/**
 * The PNG `png` (any writer's, e.g. resvg's) stating `pixelsPerMetre` as its resolution: a pHYs
 * chunk right after IHDR, in place of any pHYs it had. The pixels are untouched.
 */
export function withPixelsPerMetre(
  png: Uint8Array,
  pixelsPerMetre: number,
): Uint8Array<ArrayBuffer> {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const kept: Uint8Array[] = [png.subarray(0, IHDR_END), physChunk(pixelsPerMetre)];
  for (let at = IHDR_END; at < png.length;) {
    const end = at + 12 + view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type !== "pHYs") kept.push(png.subarray(at, end));
    at = end;
  }
  return concat(kept);
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export type Rgb = readonly [number, number, number];

export interface ModulePngInput {
  /** n × n palette indices, row-major. */
  grid: Uint8Array;
  n: number;
  /** Output width and height in pixels; must be at least n. */
  size: number;
  palette: readonly Rgb[];
  /** Palette index used for the border that pads the scaled grid to `size`. */
  padIndex: number;
  /** The print resolution to state in a pHYs chunk; none when absent. */
  pixelsPerMetre?: number;
}

export function encodeModulePng({
  grid,
  n,
  size,
  palette,
  padIndex,
  pixelsPerMetre,
}: ModulePngInput): Uint8Array<ArrayBuffer> {
  if (size < n) throw new RangeError(`A ${size} px image cannot hold ${n} modules`);
  if (palette.length < 1 || palette.length > 256) throw new RangeError("Palette size");
  const bitDepth = palette.length <= 2 ? 1 : palette.length <= 4 ? 2 : palette.length <= 16 ? 4 : 8;
  const perByte = 8 / bitDepth;
  const scale = Math.floor(size / n);
  const offset = Math.floor((size - n * scale) / 2);
  const stride = 1 + Math.ceil(size / perByte);

  // One scanline from pixel runs: the left pad, each module `scale` pixels wide, the right pad.
  const pixelsPerByteShift = Math.log2(perByte);
  const packRow = (runs: (paint: (index: number, length: number) => void) => void) => {
    const row = new Uint8Array(stride); // filter byte 0: "None"
    let x = 0;
    runs((index, length) => {
      const end = x + length;
      if (index !== 0) {
        for (; x < end; x++) {
          const shift = 8 - bitDepth * ((x & (perByte - 1)) + 1);
          row[1 + (x >> pixelsPerByteShift)]! |= index << shift;
        }
      }
      x = end;
    });
    return row;
  };
  const padRow = packRow((paint) => paint(padIndex, size));
  const moduleRow = (row: number) =>
    packRow((paint) => {
      paint(padIndex, offset);
      for (let col = 0; col < n; col++) paint(grid[row * n + col]!, scale);
      paint(padIndex, size - offset - n * scale);
    });

  const scanlines: Scanline[] = [];
  let previousSource = -2;
  for (let y = 0; y < size; y++) {
    const row = Math.floor((y - offset) / scale);
    const source = y < offset || row >= n ? -1 : row;
    if (source === previousSource) {
      scanlines.push("up"); // identical to the row above
    } else {
      scanlines.push(source === -1 ? padRow : moduleRow(source));
      previousSource = source;
    }
  }

  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, size);
  headerView.setUint32(4, size);
  header[8] = bitDepth;
  header[9] = 3; // indexed colour
  const plte = new Uint8Array(palette.length * 3);
  palette.forEach((rgb, i) => plte.set(rgb, i * 3));

  return concat([
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    ...(pixelsPerMetre === undefined ? [] : [physChunk(pixelsPerMetre)]),
    chunk("PLTE", plte),
    chunk("IDAT", deflateScanlines(scanlines, stride)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/**
 * A code without a logo is a grid of two colours, so it needs no rasteriser: each module becomes
 * one palette index, every pixel is then scaled up by the same whole number so that module edges
 * stay sharp, and the rest of the requested size becomes extra quiet zone. The result has the
 * exact pixel size and the exact colours asked for (and the same bytes resvg's one-pixel-per-module
 * drawing gave before: tests/worker/png-direct.test.ts), at a fraction of the CPU.
 */
export function renderPng(
  matrix: QrMatrix,
  style: Pick<QrStyle, "fgColor" | "bgColor"> & { size: number; pixelsPerMetre?: number },
): Uint8Array<ArrayBuffer> {
  const n = matrix.size + 2 * QUIET_ZONE;
  const grid = new Uint8Array(n * n);
  for (let row = 0; row < matrix.size; row++) {
    const from = row * matrix.size;
    grid.set(
      matrix.modules.subarray(from, from + matrix.size),
      (row + QUIET_ZONE) * n + QUIET_ZONE,
    );
  }
  const palette: Rgb[] = [parseHexColor(style.bgColor), parseHexColor(style.fgColor)];
  const { size, pixelsPerMetre } = style;
  return encodeModulePng({ grid, n, size, palette, padIndex: 0, pixelsPerMetre });
}

/** RGBA pixels, row by row, one pixel a little-endian word (R in the low byte). */
export interface PixelsPngInput {
  width: number;
  height: number;
  words: Uint32Array;
  /** Every alpha is 255: written as RGB, a quarter smaller. */
  opaque: boolean;
  /** The print resolution to state in a pHYs chunk; none when absent. */
  pixelsPerMetre?: number;
}

function rowsEqual(words: Uint32Array, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (words[a + i] !== words[b + i]) return false;
  return true;
}

const SUB_FILTER = 1;

/**
 * A true-colour PNG of drawn pixels (a styled code): each row repeated from the one above is an
 * "Up" row (zeros, nearly free), every other row is "Sub" filtered, so flat colour becomes runs of
 * zeros and anti-aliased edges a few bytes, and deflateScanlines codes the runs. Far cheaper than a
 * general-purpose encoder on codes, at a somewhat larger file.
 */
export function encodePixelsPng({
  width,
  height,
  words,
  opaque,
  pixelsPerMetre,
}: PixelsPngInput): Uint8Array<ArrayBuffer> {
  const channels = opaque ? 3 : 4;
  const stride = 1 + width * channels;
  const scanlines: Scanline[] = [];
  for (let y = 0; y < height; y++) {
    const start = y * width;
    if (y > 0 && rowsEqual(words, start - width, start, width)) {
      scanlines.push("up");
      continue;
    }
    const row = new Uint8Array(stride);
    row[0] = SUB_FILTER;
    let previous = 0;
    let at = 1;
    for (let x = 0; x < width; x++) {
      const word = words[start + x]!;
      if (word === previous) {
        at += channels; // all four differences are zero
        continue;
      }
      row[at++] = (word & 0xff) - (previous & 0xff);
      row[at++] = ((word >>> 8) & 0xff) - ((previous >>> 8) & 0xff);
      row[at++] = ((word >>> 16) & 0xff) - ((previous >>> 16) & 0xff);
      if (channels === 4) row[at++] = (word >>> 24) - (previous >>> 24);
      previous = word;
    }
    scanlines.push(row);
  }
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header[8] = 8;
  header[9] = opaque ? 2 : 6; // truecolour, with alpha when some pixel is not opaque
  return concat([
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    ...(pixelsPerMetre === undefined ? [] : [physChunk(pixelsPerMetre)]),
    chunk("IDAT", deflateScanlines(scanlines, stride)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
