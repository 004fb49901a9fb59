import { DEFAULT_DESIGN, type Design, designSchema } from "../design/schema";
import { z } from "../validation/zod";

// Brand styles (issue #28): a workspace's saved designs, by name. Pure: the Brand styles tab, the
// API, bulk, the generator and the download links read a style and lay a request over it here.
//
// The rule everywhere: the style is the base, and every design field the request names
// explicitly overrides it (a download link's `fgColor`, an API call's `customization.frame`, a
// bulk row's `dotShape`). A field the request does not name keeps the style's value.

export const MAX_STYLES_PER_WORKSPACE = 50;
export const STYLE_NAME_MAX = 60;

export const STYLE_LIMIT_MESSAGE = `A workspace can keep at most ${MAX_STYLES_PER_WORKSPACE} brand styles. Delete one you no longer use first.`;

const STYLE_ID = /^bs_[0-9a-f]{32}$/;

export const isStyleId = (value: unknown): value is string =>
  typeof value === "string" && STYLE_ID.test(value);

export const newStyleId = () => `bs_${crypto.randomUUID().replaceAll("-", "")}`;

export const styleIdSchema = z
  .string("A brand style id is text, like bs_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c.")
  .regex(STYLE_ID, "A brand style id looks like bs_0b7c9a5e3f1d4d2a9c1e5a8b7f6e4d3c.");

export const styleNameSchema = z
  .string("Give the style a name.")
  .trim()
  .min(1, "Give the style a name.")
  .max(STYLE_NAME_MAX, `A style's name can be at most ${STYLE_NAME_MAX} characters.`);

export type StyleDesignParse =
  { ok: true; design: Design } | { ok: false; errors: Record<string, string> };

/** A style's design: every field of app/design/schema.ts, with its contrast rules. */
export function parseStyleDesign(input: unknown): StyleDesignParse {
  const result = designSchema.safeParse(input);
  if (result.success) return { ok: true, design: result.data as Design };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues)
    errors[issue.path.join(".") || "design"] ??= issue.message;
  return { ok: false, errors };
}

/** The request's explicit design fields laid over the style's (see the rule above). */
export function overStyle(
  style: Design,
  explicit: Record<string, unknown>,
): Record<string, unknown> {
  const given = Object.fromEntries(
    Object.entries(explicit).filter(([, value]) => value !== undefined && value !== ""),
  );
  return { ...style, ...given };
}

/**
 * A design as query parameters under the API's names (the gradient as gradientType, …): what the
 * generator's links carry when a style is applied. Fields at their defaults are left out.
 */
export function styleSearchParams(design: Design): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(design) as [keyof Design, unknown][]) {
    if (value === undefined || field === "gradient") continue;
    if (JSON.stringify(value) === JSON.stringify(DEFAULT_DESIGN[field])) continue;
    params.set(field, String(value));
  }
  if (design.gradient) {
    params.set("gradientType", design.gradient.type);
    params.set("gradientFrom", design.gradient.from);
    params.set("gradientTo", design.gradient.to);
    params.set("gradientRotation", String(design.gradient.rotation));
  }
  return params;
}
