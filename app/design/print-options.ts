import { PRINT_DPI, PRINT_UNITS, type PrintUnit, printSize } from "../qr/print-size";
import { z } from "../validation/zod";

// The print options of an image (issue #28): a PNG's physical width at 300 or 600 dpi (written
// into its pHYs chunk), and a PDF's or EPS's width and CMYK colours. The same names in /api/v1's
// body and query and in the download link's query string.

/** The widest PNG drawn for print, in pixels: a 2048 px code's memory twice over, per side. */
export const MAX_PRINT_PIXELS = 4096;
/** The widest PDF or EPS, in centimetres (a poster). */
const MAX_PRINT_CM = 200;
const CM_PER_INCH = 2.54;
const POINTS_PER_INCH = 72;

const flag = z
  .union(
    [z.boolean(), z.enum(["true", "false", "1", "0", "on", "off"])],
    "cmyk is true or false (1 or 0).",
  )
  .transform((value) => value === true || value === "true" || value === "1" || value === "on");

export const printFields = {
  printWidth: z.coerce
    .number("The print width must be a number, like 5 (cm) or 2 (in).")
    .positive("The print width must be more than 0.")
    .optional()
    .meta({
      description:
        "The code's physical width in printUnit: a PNG is drawn with the pixels it needs at dpi and states that resolution (pHYs), so print software reads the intended size; a PDF's page and an EPS's bounding box take that width (3 inches when absent).",
      example: 5,
    }),
  printUnit: z
    .enum(PRINT_UNITS, "Choose a print unit: cm or in.")
    .default("cm")
    .meta({ description: "cm or in, for printWidth.", example: "cm" }),
  dpi: z.coerce
    .number()
    .refine((value) => (PRINT_DPI as readonly number[]).includes(value), "Choose 300 or 600 dpi.")
    .default(300)
    .meta({ description: "The PNG's print resolution with printWidth: 300 or 600.", example: 300 }),
  cmyk: flag.optional().meta({
    description: "PDF and EPS: colours as CMYK converted from the hex colours (setcmykcolor).",
    example: true,
  }),
};

export const printOptionsSchema = z.object(printFields);

export interface PrintInput {
  printWidth?: number;
  printUnit: PrintUnit;
  dpi: number;
  cmyk?: boolean;
}

export interface ResolvedPrint {
  pixels?: number;
  pixelsPerMetre?: number;
  widthPt?: number;
  cmyk?: boolean;
}

/** The drawing options of `format` for the print input, or why it cannot be drawn. */
export function resolvePrint(
  format: string,
  input: PrintInput,
): { ok: true; options: ResolvedPrint } | { ok: false; field: string; message: string } {
  const { printWidth, printUnit, dpi, cmyk } = input;
  if (format === "pdf" || format === "eps") {
    if (printWidth === undefined) return { ok: true, options: { cmyk } };
    const cm = printUnit === "cm" ? printWidth : printWidth * CM_PER_INCH;
    if (cm > MAX_PRINT_CM) {
      return {
        ok: false,
        field: "printWidth",
        message: `A print file can be at most ${MAX_PRINT_CM} cm (${Math.floor(MAX_PRINT_CM / CM_PER_INCH)} in) wide.`,
      };
    }
    return {
      ok: true,
      options: { widthPt: (cm / CM_PER_INCH) * POINTS_PER_INCH, cmyk },
    };
  }
  if (printWidth === undefined || format !== "png") return { ok: true, options: {} };
  const size = printSize(printWidth, printUnit, dpi as 300 | 600);
  if (size.pixels > MAX_PRINT_PIXELS) {
    const most = (MAX_PRINT_PIXELS / dpi) * (printUnit === "cm" ? CM_PER_INCH : 1);
    return {
      ok: false,
      field: "printWidth",
      message: `At ${dpi} dpi a PNG can be at most ${most.toFixed(1)} ${printUnit} wide (${MAX_PRINT_PIXELS} pixels). Choose a smaller width${dpi === 600 ? " or 300 dpi" : ""}, or a PDF for larger prints.`,
    };
  }
  return { ok: true, options: { pixels: size.pixels, pixelsPerMetre: size.pixelsPerMetre } };
}
