import { crc32 } from "node:zlib";
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
