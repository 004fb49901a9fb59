// A PNG for print: a physical width at a print resolution becomes a pixel size, and the PNG
// carries its resolution (pHYs) so that a print shop's software reads the intended size.

export const PRINT_UNITS = ["cm", "in"] as const;
export type PrintUnit = (typeof PRINT_UNITS)[number];

export const PRINT_DPI = [300, 600] as const;
export type PrintDpi = (typeof PRINT_DPI)[number];

const METRES_PER_INCH = 0.0254;
const CM_PER_INCH = 2.54;

export interface PrintSize {
  /** Width and height of the square image in pixels. */
  pixels: number;
  /** The resolution as PNG's pHYs chunk states it (unit: metre). */
  pixelsPerMetre: number;
}

/** The pixels a code `width` cm or inches wide needs at `dpi` dots per inch. */
export function printSize(width: number, unit: PrintUnit, dpi: PrintDpi): PrintSize {
  if (!Number.isFinite(width) || width <= 0) {
    throw new RangeError("A print width must be a positive number");
  }
  const inches = unit === "in" ? width : width / CM_PER_INCH;
  return {
    pixels: Math.max(1, Math.round(inches * dpi)),
    pixelsPerMetre: Math.round(dpi / METRES_PER_INCH),
  };
}
