import type { Customization } from "../design/customization";
import {
  type DesignFields,
  defaultDesignFields,
  designFieldsToParams,
  DESIGN_PARAMS,
  evaluateDesign,
  presetOf,
  readDesignFields,
  submittedColor,
} from "../design/fields";
import { normalizeHexColor } from "./contrast";
import { type FieldErrors, parseContent, parseStyle } from "./schema";
import {
  DEFAULT_STYLE,
  FROM_GENERATOR,
  QR_SIZES,
  QR_TYPES,
  type QrContent,
  type QrStyle,
  type QrType,
} from "./types";

// The generator's form state: flat strings named as the spec's query parameters, so that the
// form (with or without JavaScript), the share link and a prefilled link are the same thing.

export const CONTENT_FIELDS = [
  "url",
  "text",
  "email",
  "subject",
  "message",
  "phone",
  "ssid",
  "password",
  "encryption",
  "hidden",
  "firstName",
  "lastName",
  "company",
  "jobTitle",
  "website",
  "phone2",
  "phone2Type",
  "street",
  "city",
  "region",
  "postalCode",
  "country",
  "note",
] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

export const TYPE_FIELDS: Record<QrType, readonly ContentField[]> = {
  url: ["url"],
  text: ["text"],
  email: ["email", "subject", "message"],
  phone: ["phone"],
  sms: ["phone", "message"],
  wifi: ["ssid", "password", "encryption", "hidden"],
  contact: [
    "firstName",
    "lastName",
    "company",
    "jobTitle",
    "phone",
    "phone2",
    "phone2Type",
    "email",
    "website",
    "street",
    "city",
    "region",
    "postalCode",
    "country",
    "note",
  ],
};

export interface GeneratorFields {
  type: QrType;
  values: Record<ContentField, string>;
  size: string;
  /** Colours as typed, "#rrggbb" when valid. */
  fg: string;
  bg: string;
  /** The design (issue #28): shapes, corner and gradient colours, frame, error correction. */
  design: DesignFields;
}

export const SAMPLE_URL = "https://example.com";
export const SAMPLE_TEXT = "Hello from QR Code Creator!";

export function defaultFields(): GeneratorFields {
  const values = Object.fromEntries(CONTENT_FIELDS.map((name) => [name, ""])) as Record<
    ContentField,
    string
  >;
  values.url = SAMPLE_URL;
  values.text = SAMPLE_TEXT;
  values.encryption = "WPA";
  values.phone2Type = "mobile";
  return {
    type: "url",
    values,
    size: String(DEFAULT_STYLE.size),
    fg: DEFAULT_STYLE.fgColor,
    bg: DEFAULT_STYLE.bgColor,
    design: defaultDesignFields(),
  };
}

const PREFILL_KEYS = ["type", ...CONTENT_FIELDS, "size", "fg", "bg", ...DESIGN_PARAMS, "preset"];

function isQrType(value: string | null): value is QrType {
  return (QR_TYPES as readonly string[]).includes(value ?? "");
}

/** A colour from a link or form: "1d4ed8", "#1d4ed8", "#abc"; undefined when it is none of these. */
function linkColor(value: string | null): string | undefined {
  if (value === null) return undefined;
  const hex = value.trim().replace(/^#/, "");
  return /^(?:[\da-f]{3}|[\da-f]{6})$/i.test(hex) ? normalizeHexColor(hex) : undefined;
}

export interface ReadFields {
  fields: GeneratorFields;
  /** True when the address carried generator settings. */
  prefilled: boolean;
  /** True when they came from a link rather than the generator's own round trip: "QR settings loaded!". */
  fromLink: boolean;
}

/**
 * Reads the generator's state from a query string: a share link, a prefilled link or the form
 * submitted without JavaScript. Unknown types, sizes outside the allowed set and malformed colours
 * are ignored in favour of the defaults. `frameText` is the frame's call to action in the page's
 * language (readDesignFields).
 */
export function readFields(params: URLSearchParams, frameText?: string): ReadFields {
  const fields = defaultFields();
  const prefilled = PREFILL_KEYS.some((key) => params.has(key));
  const fromLink = prefilled && params.get(FROM_GENERATOR.name) !== FROM_GENERATOR.value;
  const type = params.get("type");
  if (isQrType(type)) fields.type = type;
  for (const name of CONTENT_FIELDS) {
    const value = params.get(name);
    if (value !== null) fields.values[name] = value;
  }
  // A link that names only some fields of a type should not keep the sample content.
  if (prefilled && params.get("url") === null && fields.type !== "url") fields.values.url = "";
  if (prefilled && params.get("text") === null && fields.type !== "text") fields.values.text = "";
  const size = Number(params.get("size"));
  if ((QR_SIZES as readonly number[]).includes(size)) fields.size = String(size);
  fields.fg = linkColor(submittedColor(params, "fg")) ?? fields.fg;
  fields.bg = linkColor(submittedColor(params, "bg")) ?? fields.bg;
  fields.design = readDesignFields(params, frameText);
  // A preset is a whole design, its colours included.
  const preset = presetOf(params)?.design;
  if (preset) [fields.fg, fields.bg] = [preset.fgColor, preset.bgColor];
  return { fields, prefilled, fromLink };
}

/** The query string that reproduces these settings: only the selected type's fields. */
export function fieldsToSearchParams(fields: GeneratorFields): URLSearchParams {
  const params = new URLSearchParams({ type: fields.type });
  for (const name of TYPE_FIELDS[fields.type]) {
    const value = fields.values[name];
    if (name === "hidden") {
      if (value === "true" || value === "on") params.set(name, "true");
    } else if (name === "password" && fields.values.encryption === "nopass") {
      continue;
    } else if (name === "phone2Type" && fields.values.phone2 === "") {
      continue;
    } else if (value !== "") {
      params.set(name, value);
    }
  }
  params.set("size", fields.size);
  params.set("fg", fields.fg.replace(/^#/, ""));
  params.set("bg", fields.bg.replace(/^#/, ""));
  return designFieldsToParams(fields.design, params);
}

export type Evaluation =
  | { ok: true; content: QrContent; style: QrStyle; customization: Customization }
  | { ok: false; errors: FieldErrors };

const STYLE_FIELD: Record<string, string> = { fgColor: "fg", bgColor: "bg", size: "size" };

/** Validates the form; errors are keyed by form field name. */
export function evaluateFields(fields: GeneratorFields): Evaluation {
  const input = Object.fromEntries(
    TYPE_FIELDS[fields.type].map((name) => [name, fields.values[name]]),
  );
  const content = parseContent(fields.type, input);
  const style = parseStyle({ size: fields.size, fgColor: fields.fg, bgColor: fields.bg });
  const design = style.ok ? evaluateDesign(fields.design, style.value) : null;
  if (content.ok && style.ok && design?.ok) {
    return {
      ok: true,
      content: content.value,
      style: style.value,
      customization: design.customization,
    };
  }
  const errors: FieldErrors = content.ok ? {} : { ...content.errors };
  if (design && !design.ok) Object.assign(errors, design.errors);
  if (!style.ok) {
    for (const [key, message] of Object.entries(style.errors)) {
      errors[STYLE_FIELD[key] ?? key] = message;
    }
  }
  return { ok: false, errors };
}
