// Logos (spec section 5): PNG or JPEG up to 2 MB, recognised by their bytes, never by a file name
// or a declared type; embedded in the code's centre at error-correction level H.

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export type LogoType = "image/png" | "image/jpeg";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type the bytes really are, or null for anything else (SVG, HTML, GIF…). */
export function sniffLogo(bytes: Uint8Array): LogoType | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "image/jpeg";
  }
  return null;
}

export type LogoProblem = { title: string; description: string };

export const LOGO_TOO_LARGE: LogoProblem = {
  title: "File too large",
  description: "Please choose a file smaller than 2MB.",
};

export const LOGO_WRONG_TYPE: LogoProblem = {
  title: "Invalid file type",
  description: "Please choose an image file (PNG, JPG, etc.).",
};

/** The widest and tallest image we decode: a 2048 × 2048 RGBA bitmap is 16 MB of an isolate's 128. */
export const LOGO_MAX_SIDE = 2048;

export const LOGO_TOO_MANY_PIXELS: LogoProblem = {
  title: "Image too large",
  description: `Please choose an image of at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels.`,
};

export const LOGO_UNREADABLE: LogoProblem = {
  title: "Invalid file type",
  description: "This image's size cannot be read. Please save it again as a PNG or JPEG.",
};

export interface ImageSize {
  width: number;
  height: number;
}

const uint16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const uint32 = (bytes: Uint8Array, at: number) => uint16(bytes, at) * 65536 + uint16(bytes, at + 2);

/**
 * An image's width and height as its header declares them, read without decoding a pixel (issue
 * #27: a 431 KB PNG may declare 20000 × 20000 pixels, 2 GB once decoded). PNG: the IHDR chunk
 * that must come first. JPEG: the first start-of-frame marker. Null when the header is not there.
 */
export function imageSize(bytes: Uint8Array, type: LogoType): ImageSize | null {
  if (type === "image/png") {
    const ihdr = bytes.length >= 24 && String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR";
    return ihdr ? { width: uint32(bytes, 16), height: uint32(bytes, 20) } : null;
  }
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
    const frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (frame) {
      if (at + 9 > bytes.length) return null;
      return { width: uint16(bytes, at + 7), height: uint16(bytes, at + 5) };
    }
    if (marker === 0xd9 || marker === 0xda) return null; // the image data began with no frame
    at += 2 + uint16(bytes, at + 2);
  }
  return null;
}

/** Why an image of `type` may not be drawn: its header is missing or declares too many pixels. */
export function pixelProblem(bytes: Uint8Array, type: LogoType): LogoProblem | null {
  const size = imageSize(bytes, type);
  if (!size || size.width === 0 || size.height === 0) return LOGO_UNREADABLE;
  if (size.width > LOGO_MAX_SIDE || size.height > LOGO_MAX_SIDE) return LOGO_TOO_MANY_PIXELS;
  return null;
}

/** Size first, then content, then the pixels its header declares; the spec orders the first two. */
export function checkLogo(
  bytes: Uint8Array,
): { ok: true; type: LogoType } | { ok: false; problem: LogoProblem } {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, problem: LOGO_TOO_LARGE };
  const type = sniffLogo(bytes);
  if (!type) return { ok: false, problem: LOGO_WRONG_TYPE };
  const pixels = pixelProblem(bytes, type);
  return pixels ? { ok: false, problem: pixels } : { ok: true, type };
}

/**
 * The logo's square in modules: by default about a quarter of the symbol's width (with its one-module pad,
 * under 10% of the symbol's area, well inside what level H restores), centred on the grid.
 */
export function logoBox(matrixSize: number, fraction = 0.24): { start: number; side: number } {
  let side = Math.round(matrixSize * fraction);
  if ((matrixSize - side) % 2 !== 0) side += 1;
  return { start: (matrixSize - side) / 2, side };
}
