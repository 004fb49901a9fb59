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

/** Size first, then content, as the spec orders the messages. */
export function checkLogo(
  bytes: Uint8Array,
): { ok: true; type: LogoType } | { ok: false; problem: LogoProblem } {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, problem: LOGO_TOO_LARGE };
  const type = sniffLogo(bytes);
  return type ? { ok: true, type } : { ok: false, problem: LOGO_WRONG_TYPE };
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
