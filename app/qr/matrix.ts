import qrcode from "qrcode-generator";
import type { ErrorCorrection } from "./types";

/** Bytes a version-40 symbol holds in byte mode, per error-correction level (ISO/IEC 18004). */
export const BYTE_CAPACITY: Record<ErrorCorrection, number> = {
  L: 2953,
  M: 2331,
  Q: 1663,
  H: 1273,
};

/** Modules of white border every reader expects around a code. */
export const QUIET_ZONE = 4;

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** size × size, row-major; 1 for a dark module. */
  modules: Uint8Array;
  version: number;
  ecLevel: ErrorCorrection;
}

export class ContentTooLongError extends Error {
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(
      `This content is too long for a QR code: it needs ${bytes.toLocaleString("en-US")} bytes and the limit is ${limit.toLocaleString("en-US")}. Shorten it, or link to a page that holds the rest.`,
    );
    this.name = "ContentTooLongError";
  }
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Encodes text as UTF-8 bytes in byte mode, choosing the smallest version that fits. The
 * encoder takes one character per byte, so the UTF-8 bytes are handed over as such characters.
 */
export function encodeMatrix(payload: string, ecLevel: ErrorCorrection = "M"): QrMatrix {
  const bytes = new TextEncoder().encode(payload);
  const limit = BYTE_CAPACITY[ecLevel];
  if (bytes.length > limit) throw new ContentTooLongError(bytes.length, limit);

  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const code = qrcode(0, ecLevel);
  code.addData(binary, "Byte");
  code.make();

  const size = code.getModuleCount();
  const modules = new Uint8Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (code.isDark(row, col)) modules[row * size + col] = 1;
    }
  }
  return { size, modules, version: (size - 17) / 4, ecLevel };
}
