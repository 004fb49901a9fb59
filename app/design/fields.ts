import type { QrStyle } from "../qr/types";
import {
  type Customization,
  designInputFromSearchParams,
  linkHexColor,
  parseCustomization,
} from "./customization";
import { PRESETS } from "./presets";
import { DEFAULT_DESIGN, type Design } from "./schema";

// The design as the generator's form holds it: flat strings named as the download link's query
// parameters (issue #28), so the form with or without JavaScript, the share link and the download
// links are one thing.

export const DESIGN_PARAMS = [
  "dotShape",
  "cornerShape",
  "cornerDotShape",
  "cornerColor",
  "cornerDotColor",
  "gradientType",
  "gradientFrom",
  "gradientTo",
  "gradientRotation",
  "frame",
  "frameText",
  "frameColor",
  "frameTextColor",
  "errorCorrection",
  "logoSize",
  "logoClear",
] as const;
export type DesignParam = (typeof DESIGN_PARAMS)[number];
export type DesignFields = Record<DesignParam, string>;

/** The colours a form shows with a picker (and swatches): named as their query parameters. */
export const COLOR_PARAMS = [
  "cornerColor",
  "cornerDotColor",
  "gradientFrom",
  "gradientTo",
  "frameColor",
  "frameTextColor",
] as const;

/** What a gradient starts from when someone turns it on. */
const GRADIENT_START = { gradientFrom: "#1d4ed8", gradientTo: "#7c3aed", gradientRotation: "0" };

export function designToFields(design: Design): DesignFields {
  return {
    dotShape: design.dotShape,
    cornerShape: design.cornerShape,
    cornerDotShape: design.cornerDotShape,
    cornerColor: design.cornerColor ?? "",
    cornerDotColor: design.cornerDotColor ?? "",
    gradientType: design.gradient?.type ?? "",
    gradientFrom: design.gradient?.from ?? GRADIENT_START.gradientFrom,
    gradientTo: design.gradient?.to ?? GRADIENT_START.gradientTo,
    gradientRotation: String(design.gradient?.rotation ?? GRADIENT_START.gradientRotation),
    frame: design.frame,
    frameText: design.frameText,
    frameColor: design.frameColor,
    frameTextColor: design.frameTextColor,
    errorCorrection: design.errorCorrection,
    logoSize: design.logoSize,
    logoClear: String(design.logoClear),
  };
}

const DEFAULT_FIELDS = designToFields(DEFAULT_DESIGN);

export function defaultDesignFields(): DesignFields {
  return { ...DEFAULT_FIELDS };
}

/**
 * A colour as the form submitted it. Without JavaScript the picker and its swatches (radio buttons)
 * both submit, and `<name>Was` holds the colour the page showed: the control that differs from it
 * is the one the person changed. A link carries just the colour.
 */
export function submittedColor(params: URLSearchParams, name: string): string | null {
  const picker = params.get(name);
  const was = params.get(`${name}Was`);
  const swatch = params.get(`${name}Swatch`);
  if (was === null || (picker !== null && picker.toLowerCase() !== was.toLowerCase())) {
    return picker;
  }
  return swatch ?? picker;
}

/** One of the ready-made designs, when the form asked for it ("preset"). */
export function presetOf(params: URLSearchParams) {
  return PRESETS.find((preset) => preset.id === params.get("preset"));
}

/**
 * The design fields of a query string; a preset, when chosen, replaces them. `frameText` is the
 * frame's call to action in the page's language (issue #32): it stands in for the schema's
 * "Scan me" where the query names no frame (the generator opened afresh, a code without a frame)
 * and in a preset; a framed code whose query leaves the text out says "Scan me", as the API reads it.
 */
export function readDesignFields(
  params: URLSearchParams,
  frameText = DEFAULT_FIELDS.frameText,
): DesignFields {
  const preset = presetOf(params);
  if (preset) return withFrameText(designToFields(preset.design), frameText);
  const fields = defaultDesignFields();
  const frame = params.getAll("frame").at(-1);
  if (!frame || frame === DEFAULT_FIELDS.frame) fields.frameText = frameText;
  for (const name of DESIGN_PARAMS) {
    // A checkbox follows its hidden "off" input, so the last value is the one that counts.
    const value = (COLOR_PARAMS as readonly string[]).includes(name)
      ? linkHexColor(submittedColor(params, name))
      : params.getAll(name).at(-1);
    if (value !== null && value !== undefined) fields[name] = value.trim();
  }
  return fields;
}

/** `fields` with the page's call to action in place of the default one. */
export function withFrameText(fields: DesignFields, frameText: string): DesignFields {
  return fields.frameText === DEFAULT_FIELDS.frameText ? { ...fields, frameText } : fields;
}

/** The query parameters of a design: only what differs from the default, so plain links stay short. */
export function designFieldsToParams(fields: DesignFields, params = new URLSearchParams()) {
  for (const name of DESIGN_PARAMS) {
    if (name.startsWith("gradient") && name !== "gradientType" && !fields.gradientType) continue;
    const value = fields[name];
    if (value !== DEFAULT_FIELDS[name] || (name.startsWith("gradient") && value !== "")) {
      params.set(name, value);
    }
  }
  return params;
}

/** Where the schema's paths are shown in the form. */
const FORM_FIELD: Record<string, string> = {
  fgColor: "fg",
  bgColor: "bg",
  "gradient.type": "gradientType",
  "gradient.from": "gradientFrom",
  "gradient.to": "gradientTo",
  "gradient.rotation": "gradientRotation",
  gradient: "gradientType",
};

export type DesignEvaluation =
  { ok: true; customization: Customization } | { ok: false; errors: Record<string, string> };

/** Validates the design with the generator's size and colours, as the download route does. */
export function evaluateDesign(fields: DesignFields, style: QrStyle): DesignEvaluation {
  const input = designInputFromSearchParams(designFieldsToParams(fields));
  const result = parseCustomization({ ...input, ...style });
  if (result.ok) return { ok: true, customization: result.value };
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(result.errors)) {
    errors[FORM_FIELD[path] ?? path] ??= message;
  }
  return { ok: false, errors };
}

/** A ready-made design as the generator offers it: one click sets the colours and the design. */
export interface PresetChoice {
  id: string;
  name: string;
  fg: string;
  bg: string;
  design: DesignFields;
}

export function presetChoices(): PresetChoice[] {
  return PRESETS.map(({ id, name, design }) => ({
    id,
    name,
    fg: design.fgColor,
    bg: design.bgColor,
    design: designToFields(design),
  }));
}
