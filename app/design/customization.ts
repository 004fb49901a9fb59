import { qrSizeSchema } from "../qr/schema";
import type { QrStyle } from "../qr/types";
import { designContrastProblems } from "./contrast";
import { DEFAULT_DESIGN, type Design, designObject } from "./schema";

// A code's `customization` (issue #28): its size in pixels and its design, under the same names in
// the spec's /api/qr-codes/generate, /api/v1, saved codes and the download link's query string.

export const customizationObject = designObject.extend({ size: qrSizeSchema });

/** Parses a customization, filling in defaults, and refuses colour pairs phones could not read. */
export const customizationSchema = customizationObject.superRefine((value, context) => {
  for (const problem of designContrastProblems(value)) {
    context.addIssue({ code: "custom", path: problem.path, message: problem.message });
  }
});

export type Customization = QrStyle & Design;

/** As a saved code keeps it: size, colours and only the design fields that differ from the defaults. */
export type StoredCustomization = QrStyle & Partial<Design>;

export const DESIGN_FIELDS = Object.keys(designObject.shape) as (keyof Design)[];

/** A design's names in a query string or a form: its fields, the gradient as four of its own. */
export const DESIGN_QUERY_NAMES: readonly string[] = [
  ...DESIGN_FIELDS.filter((field) => field !== "gradient"),
  "gradientType",
  "gradientFrom",
  "gradientTo",
  "gradientRotation",
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function storedCustomization(value: Customization): StoredCustomization {
  const stored: Record<string, unknown> = {
    size: value.size,
    fgColor: value.fgColor,
    bgColor: value.bgColor,
  };
  for (const field of DESIGN_FIELDS) {
    if (field in stored || value[field] === undefined) continue;
    if (!same(value[field], DEFAULT_DESIGN[field])) stored[field] = value[field];
  }
  return stored as unknown as StoredCustomization;
}

/** A stored customization with the design's defaults filled in (codes saved before #28 have none). */
export function customizationOf(stored: StoredCustomization): Customization {
  const parsed = customizationObject.safeParse(stored);
  return parsed.success
    ? (parsed.data as Customization)
    : { ...DEFAULT_DESIGN, size: stored.size, fgColor: stored.fgColor, bgColor: stored.bgColor };
}

/**
 * Whether the design is today's plain code: square modules and corners in one colour, no gradient,
 * frame or wider margin. Those keep their fast module-grid drawing and exactly their bytes.
 */
export function isPlainDesign(design: Design): boolean {
  return (
    design.dotShape === "square" &&
    design.cornerShape === "square" &&
    design.cornerDotShape === "square" &&
    (design.cornerColor ?? design.fgColor) === design.fgColor &&
    (design.cornerDotColor ?? design.fgColor) === design.fgColor &&
    design.gradient === undefined &&
    design.frame === "none" &&
    design.margin === DEFAULT_DESIGN.margin &&
    design.logoSize === DEFAULT_DESIGN.logoSize &&
    design.logoClear === DEFAULT_DESIGN.logoClear
  );
}

/**
 * A colour as a link may carry it: links write `fg=1e293b` without the `#` (which would have to
 * be escaped as %23), so a bare 3- or 6-digit hex gets its `#`; anything else is left for the
 * schema to refuse with its message.
 */
export function linkHexColor<T extends string | null | undefined>(value: T): T {
  return (
    typeof value === "string" && /^(?:[\da-f]{3}|[\da-f]{6})$/i.test(value.trim())
      ? `#${value.trim()}`
      : value
  ) as T;
}

/**
 * The design fields of a query string (download links), under the API's names; the gradient as
 * `gradientType`, `gradientFrom`, `gradientTo` and `gradientRotation`. Colours may omit the `#`.
 */
export function designInputFromSearchParams(params: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of DESIGN_FIELDS) {
    if (field === "gradient") continue;
    const value = params.get(field);
    if (value !== null && value !== "") {
      input[field] = field.endsWith("Color") ? linkHexColor(value) : value;
    }
  }
  const type = params.get("gradientType");
  if (type) {
    input.gradient = {
      type,
      from: linkHexColor(params.get("gradientFrom")) ?? undefined,
      to: linkHexColor(params.get("gradientTo")) ?? undefined,
      rotation: params.get("gradientRotation") || undefined,
    };
  }
  return input;
}

export type CustomizationParse =
  { ok: true; value: Customization } | { ok: false; errors: Record<string, string> };

export function parseCustomization(input: unknown): CustomizationParse {
  const result = customizationSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data as Customization };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues)
    errors[issue.path.join(".") || "customization"] ??= issue.message;
  return { ok: false, errors };
}
