import { deflateRows } from "./deflate";

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
}

export function encodeModulePng({
  grid,
  n,
  size,
  palette,
  padIndex,
}: ModulePngInput): Uint8Array<ArrayBuffer> {
  if (size < n) throw new RangeError(`A ${size} px image cannot hold ${n} modules`);
  if (palette.length < 1 || palette.length > 256) throw new RangeError("Palette size");
  const bitDepth = palette.length <= 2 ? 1 : palette.length <= 4 ? 2 : palette.length <= 16 ? 4 : 8;
  const perByte = 8 / bitDepth;
  const scale = Math.floor(size / n);
  const offset = Math.floor((size - n * scale) / 2);
  const stride = 1 + Math.ceil(size / perByte);
  const raw = new Uint8Array(stride * size);

  const writeRow = (target: number, indexAt: (x: number) => number) => {
    for (let x = 0; x < size; x++) {
      const index = indexAt(x);
      if (index === 0) continue;
      const shift = 8 - bitDepth * ((x % perByte) + 1);
      raw[target + 1 + Math.floor(x / perByte)]! |= index << shift;
    }
  };
  const padRow = () => padIndex;
  const moduleRow = (row: number) => (x: number) => {
    const col = Math.floor((x - offset) / scale);
    return col < 0 || col >= n ? padIndex : grid[row * n + col]!;
  };

  let previousSource = -2;
  for (let y = 0; y < size; y++) {
    const row = Math.floor((y - offset) / scale);
    const source = y < offset || row >= n ? -1 : row;
    const target = y * stride;
    if (source === previousSource) {
      raw[target] = 2; // "Up": identical to the row above; the zero bytes that follow say so.
      continue;
    }
    previousSource = source;
    writeRow(target, source === -1 ? padRow : moduleRow(source));
  }

  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, size);
  headerView.setUint32(4, size);
  header[8] = bitDepth;
  header[9] = 3; // indexed colour
  const plte = new Uint8Array(palette.length * 3);
  palette.forEach((rgb, i) => plte.set(rgb, i * 3));

  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("PLTE", plte),
    chunk("IDAT", deflateRows(raw, stride)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
