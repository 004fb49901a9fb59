import { hexColor } from "../qr/schema";
import { ERROR_CORRECTION_LEVELS } from "../qr/types";
import { z } from "../validation/zod";
import { designContrastProblems } from "./contrast";
import { unsupportedCharacters } from "./frame-characters";

// The design of a code as plain data. The field names are the API contract (issue #28): the same
// names in `customization`, in the API and as query parameters of download and share links.

export {
  CORNER_DOT_SHAPES,
  CORNER_SHAPES,
  DOT_SHAPES,
  FRAMES,
  GRADIENT_TYPES,
  LOGO_SIZES,
  type CornerDotShape,
  type CornerShape,
  type DotShape,
  type Frame,
  type LogoSize,
  FRAME_TEXT_MAX,
} from "./names";
import {
  CORNER_DOT_SHAPES,
  CORNER_SHAPES,
  DOT_SHAPES,
  FRAME_TEXT_MAX,
  FRAMES,
  GRADIENT_TYPES,
  LOGO_SIZES,
} from "./names";

/** The quiet zone readers need; never less. */
export const MIN_MARGIN = 4;
export const MAX_MARGIN = 16;

export const gradientSchema = z.object({
  type: z.enum(GRADIENT_TYPES, "Choose a linear or a radial gradient."),
  from: hexColor,
  to: hexColor,
  rotation: z.coerce
    .number("The gradient's rotation must be a number of degrees.")
    .min(0, "The gradient's rotation is between 0 and 360 degrees.")
    .max(360, "The gradient's rotation is between 0 and 360 degrees.")
    .default(0),
});
export type Gradient = z.output<typeof gradientSchema>;

const shape = <T extends readonly [string, ...string[]]>(values: T, part: string) =>
  z.enum(values, `Choose ${part}: ${values.join(", ")}.`);

export const designObject = z.object({
  dotShape: shape(DOT_SHAPES, "a dot shape").default("square"),
  cornerShape: shape(CORNER_SHAPES, "a corner shape").default("square"),
  cornerDotShape: shape(CORNER_DOT_SHAPES, "a corner centre shape").default("square"),
  fgColor: hexColor.default("#000000"),
  bgColor: hexColor.default("#ffffff"),
  /** Default to fgColor when absent. */
  cornerColor: hexColor.optional(),
  cornerDotColor: hexColor.optional(),
  gradient: gradientSchema.optional(),
  frame: shape(FRAMES, "a frame").default("none"),
  frameText: z
    .string("The frame text must be text.")
    .trim()
    .max(FRAME_TEXT_MAX, `The frame text can be at most ${FRAME_TEXT_MAX} characters.`)
    .superRefine((text, context) => {
      const unsupported = unsupportedCharacters(text);
      if (unsupported.length === 0) return;
      context.addIssue({
        code: "custom",
        message: `The frame text can use Latin, Greek and Cyrillic letters, digits and common punctuation; remove ${unsupported.map((char) => `"${char}"`).join(", ")}.`,
      });
    })
    .default("Scan me"),
  frameColor: hexColor.default("#000000"),
  frameTextColor: hexColor.default("#ffffff"),
  errorCorrection: z
    .enum(ERROR_CORRECTION_LEVELS, "Choose an error-correction level: L, M, Q or H.")
    .default("M"),
  margin: z.coerce
    .number("The margin must be a number of modules.")
    .int("The margin must be a whole number of modules.")
    .min(
      MIN_MARGIN,
      `The margin must be at least ${MIN_MARGIN} modules, or phones cannot find the code.`,
    )
    .max(MAX_MARGIN, `The margin can be at most ${MAX_MARGIN} modules.`)
    .default(MIN_MARGIN),
  logoSize: shape(LOGO_SIZES, "a logo size").default("medium"),
  /** Leave the modules behind the logo out (on by default, as the generator always did). */
  logoClear: z
    .union(
      [z.boolean(), z.enum(["true", "false", "on", "off", "1", "0"])],
      "Clearing the dots behind the logo is on or off.",
    )
    .transform((value) => value === true || value === "true" || value === "on" || value === "1")
    .default(true),
});

/** Parses a design, filling in defaults, and refuses colour pairs phones could not read. */
export const designSchema = designObject.superRefine((design, context) => {
  for (const problem of designContrastProblems(design)) {
    context.addIssue({ code: "custom", path: problem.path, message: problem.message });
  }
});

export type Design = z.output<typeof designObject>;
export type DesignInput = z.input<typeof designObject>;

export const DEFAULT_DESIGN: Design = designObject.parse({});
