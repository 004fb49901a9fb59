import { z } from "../validation/zod";
import { normalizeHexColor, scannabilityProblem } from "./contrast";
import {
  DEFAULT_STYLE,
  QR_SIZES,
  PHONE_KINDS,
  QR_TYPES,
  WIFI_SECURITY,
  type QrContent,
  type QrSize,
  type QrStyle,
  type QrType,
} from "./types";

// One set of rules for the generator form, share links, query-parameter prefill and the API.
// Field names are the spec's query-parameter names, so a form, a link and an error line up.

/** The most characters any one field takes (bulk caps its CSV cells at the same). */
export const MAX_FIELD = 5000;

const TEXT = { error: "This must be text." };

/** A missing string field reads as empty, so that the field's own "please enter" message applies. */
const orEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === undefined || value === null ? "" : value), schema);

const optionalText = (max: number, label: string) =>
  orEmpty(
    z.string(TEXT).max(max, `${label} can be at most ${max.toLocaleString("en-US")} characters.`),
  );

const requiredText = (message: string, max = MAX_FIELD) =>
  orEmpty(
    z
      .string(TEXT)
      .max(max, `This can be at most ${max.toLocaleString("en-US")} characters.`)
      .refine((value) => value.trim().length > 0, message),
  );

/** "example.com/menu" becomes "https://example.com/menu"; anything else must be http(s). */
export function normalizeWebAddress(value: string): string {
  const trimmed = value.trim();
  return /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function isWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "https:" || url.protocol === "http:") &&
    (url.hostname.includes(".") || url.hostname === "localhost") &&
    !/\s/.test(value)
  );
}

const webAddress = (requiredMessage?: string) =>
  orEmpty(
    z
      .string(TEXT)
      .max(2000, "Web addresses can be at most 2,000 characters.")
      .refine((value) => !requiredMessage || value.trim().length > 0, requiredMessage)
      .transform((value) => (value.trim() ? normalizeWebAddress(value) : ""))
      .refine(
        (value) => value === "" || isWebAddress(value),
        "Enter a valid web address, like https://example.com",
      ),
  );

const emailAddress = z
  .string(TEXT)
  .trim()
  .max(254, "E-mail addresses can be at most 254 characters.")
  .refine(
    (value) => value === "" || z.email().safeParse(value).success,
    "Enter a valid e-mail address, like name@example.com",
  );

const PHONE_MESSAGE = "Enter a phone number with digits, spaces, dashes and an optional leading +";
const phoneNumber = z
  .string(TEXT)
  .trim()
  .max(40, PHONE_MESSAGE)
  .refine((value) => {
    if (value === "") return true;
    const digits = value.replace(/\D/g, "").length;
    return /^\+?[\d\s().-]+$/.test(value) && digits >= 3 && digits <= 20;
  }, PHONE_MESSAGE);

const checkbox = z
  .union([z.boolean(), z.string()])
  .default(false)
  .transform((value) => value === true || value === "true" || value === "on" || value === "1");

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

/**
 * Each type's fields (the generator's names), without the type itself: the form, prefill links
 * and the public API's `data` object all go through these.
 */
export const contentDataSchemas = {
  url: z.object({ url: webAddress("Enter a website address") }),
  text: z.object({ text: requiredText("Enter some text") }),
  email: z.object({
    email: orEmpty(emailAddress.refine((value) => value !== "", "Enter an e-mail address")),
    subject: optionalText(250, "The subject"),
    message: optionalText(2000, "The message"),
  }),
  phone: z.object({
    phone: orEmpty(phoneNumber.refine((value) => value !== "", "Enter a phone number")),
  }),
  sms: z.object({
    phone: orEmpty(phoneNumber.refine((value) => value !== "", "Enter a phone number")),
    message: optionalText(1000, "The message"),
  }),
  wifi: z
    .object({
      ssid: requiredText("Enter the network name (SSID)", 64).refine(
        (value) => utf8Bytes(value) <= 32,
        "Network names are at most 32 bytes long.",
      ),
      password: optionalText(63, "The password"),
      encryption: z.enum(WIFI_SECURITY, "Choose WPA/WPA2, WEP or No password").default("WPA"),
      hidden: checkbox,
    })
    .superRefine((wifi, context) => {
      const issue = (message: string) =>
        context.addIssue({ code: "custom", path: ["password"], message });
      if (wifi.encryption === "WPA" && (wifi.password.length < 8 || wifi.password.length > 63)) {
        issue("WPA passwords have 8 to 63 characters.");
      }
      if (
        wifi.encryption === "WEP" &&
        !/^(?:.{5}|.{13}|[\da-f]{10}|[\da-f]{26})$/i.test(wifi.password)
      ) {
        issue("WEP keys have 5 or 13 characters, or 10 or 26 hexadecimal digits.");
      }
    })
    .transform((wifi) => (wifi.encryption === "nopass" ? { ...wifi, password: "" } : wifi)),
  contact: z
    .object({
      firstName: optionalText(100, "The first name").transform((value) => value.trim()),
      lastName: optionalText(100, "The last name").transform((value) => value.trim()),
      company: optionalText(200, "The company").transform((value) => value.trim()),
      jobTitle: optionalText(200, "The job title").transform((value) => value.trim()),
      phone: orEmpty(phoneNumber),
      phone2: orEmpty(phoneNumber),
      phone2Type: orEmpty(
        z.enum(["", ...PHONE_KINDS], "Choose mobile or work for the second phone."),
      ).transform((kind) => kind || "mobile"),
      email: orEmpty(emailAddress),
      website: webAddress(),
      street: optionalText(200, "The street").transform((value) => value.trim()),
      city: optionalText(100, "The city").transform((value) => value.trim()),
      region: optionalText(100, "The state or region").transform((value) => value.trim()),
      postalCode: optionalText(20, "The postal code").transform((value) => value.trim()),
      country: optionalText(100, "The country").transform((value) => value.trim()),
      note: optionalText(1000, "The note"),
    })
    .refine(
      (contact) =>
        contact.firstName || contact.lastName || contact.email || contact.phone || contact.phone2,
      {
        path: ["firstName"],
        message: "Enter at least a name, an e-mail address or a phone number.",
      },
    ),
} satisfies { [K in QrType]: z.ZodType<Omit<Extract<QrContent, { type: K }>, "type">> };

export const qrTypeSchema = z.enum(QR_TYPES, "Choose one of the seven code types.");

export const COLOR_MESSAGE = "Enter a colour as # followed by 3 or 6 hex digits, like #1d4ed8";
export const hexColor = z
  .string()
  .regex(/^#(?:[\da-f]{3}|[\da-f]{6})$/i, COLOR_MESSAGE)
  .transform(normalizeHexColor);

/** A code's size in pixels: one of QR_SIZES, 256 when absent. */
export const qrSizeSchema = z.coerce
  .number()
  .refine(
    (value): value is QrSize => (QR_SIZES as readonly number[]).includes(value),
    "Choose a size of 256, 512, 1024 or 2048 pixels.",
  )
  .default(DEFAULT_STYLE.size);

export const qrStyleSchema = z
  .object({
    size: qrSizeSchema,
    fgColor: hexColor.default(DEFAULT_STYLE.fgColor),
    bgColor: hexColor.default(DEFAULT_STYLE.bgColor),
  })
  .superRefine((style, context) => {
    const problem = scannabilityProblem(style.fgColor, style.bgColor);
    if (problem) context.addIssue({ code: "custom", path: ["fgColor"], message: problem });
  }) as z.ZodType<QrStyle, { size?: unknown; fgColor?: string; bgColor?: string }>;

export type FieldErrors = Record<string, string>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

function firstErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Validates one type's content; `input` uses the generator's field names. */
export function parseContent(type: QrType, input: Record<string, unknown>): Parsed<QrContent> {
  const result = contentDataSchemas[type].safeParse(input);
  return result.success
    ? { ok: true, value: { type, ...result.data } as QrContent }
    : { ok: false, errors: firstErrors(result.error) };
}

export function parseStyle(input: {
  size?: unknown;
  fgColor?: string;
  bgColor?: string;
}): Parsed<QrStyle> {
  const result = qrStyleSchema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: firstErrors(result.error) };
}
