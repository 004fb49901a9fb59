import { crc32, inflateSync } from "node:zlib";
import { expect } from "vitest";

export interface PngChunk {
  type: string;
  data: Uint8Array;
}

/**
 * A PNG's chunks, read as any PNG reader does, each chunk's CRC checked with zlib's own crc32
 * (not the encoder's), so that a print shop's software would accept every chunk we write.
 */
export function readPngChunks(png: Uint8Array): PngChunk[] {
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: PngChunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    expect(view.getUint32(at + 8 + length), `CRC of ${type}`).toBe(
      crc32(png.subarray(at + 4, at + 8 + length)),
    );
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

/** The resolution a PNG states in its one pHYs chunk (unit 1: pixels per metre). */
export function pngResolution(png: Uint8Array): { x: number; y: number; unit: number } {
  const found = readPngChunks(png).filter((chunk) => chunk.type === "pHYs");
  expect(found).toHaveLength(1);
  const data = found[0]!.data;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { x: view.getUint32(0), y: view.getUint32(4), unit: data[8]! };
}

/**
 * The pixels of an 8-bit truecolour PNG (colour type 2 or 6) as RGBA, decoded with zlib and every
 * PNG filter, independently of our encoder.
 */
export function readTrueColourPng(png: Uint8Array): {
  width: number;
  height: number;
  colourType: number;
  data: Uint8Array;
} {
  const chunks = readPngChunks(png);
  const header = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
  const [width, height] = [header.getUint32(0), header.getUint32(4)];
  const colourType = chunks[0]!.data[9]!;
  expect(chunks[0]!.data[8], "bit depth").toBe(8);
  expect([2, 6]).toContain(colourType);
  const channels = colourType === 6 ? 4 : 3;
  const raw = inflateSync(
    Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)),
  );
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? rows[y * stride + i - channels]! : 0;
      const b = y > 0 ? rows[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? rows[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][
        filter
      ]!;
      rows[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    for (let k = 0; k < channels; k++) data[p * 4 + k] = rows[p * channels + k]!;
    if (channels === 3) data[p * 4 + 3] = 255;
  }
  return { width, height, colourType, data };
}
