import { type Customization, parseCustomization } from "../design/customization";
import { type FieldErrors, parseContent, qrTypeSchema } from "./schema";
import { QR_TYPES, type QrContent } from "./types";

// POST /api/qr-codes/generate (spec section 3): multipart with `type`, `data` (JSON),
// `customization` (JSON: size, fgColor, bgColor and the design fields of app/design/schema.ts), `title`, `preview` or `save`.

export interface GenerateRequest {
  content: QrContent;
  /** Size and design (issue #28). */
  style: Customization;
  save: boolean;
  title: string;
  /** Save as a tracked code (scan analytics, paid plans). */
  trackScans: boolean;
}

export type GenerateParse =
  { ok: true; request: GenerateRequest } | { ok: false; message: string; errors?: FieldErrors };

function jsonObject(form: FormData, name: string): Record<string, unknown> | string {
  const raw = form.get(name);
  if (raw === null || raw === "") return {};
  if (typeof raw !== "string") return `${name} must be JSON text, not a file.`;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through to the message below
  }
  return `${name} must be a JSON object, like ${name === "data" ? '{"url":"https://example.com"}' : '{"size":256}'}.`;
}

/** The spec's field names for contact and Wi-Fi data differ from the form's; accept both. */
function contentInput(data: Record<string, unknown>): Record<string, unknown> {
  const input = { ...data };
  input.company ??= data.org;
  input.phone ??= data.contactPhone;
  input.email ??= data.contactEmail;
  input.encryption ??= data.security;
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/** The brand style `customization.styleId` names (issue #28), if any; the route resolves it. */
export function styleIdOf(form: FormData): unknown {
  const customization = jsonObject(form, "customization");
  return typeof customization === "string" ? undefined : customization.styleId;
}

/**
 * The request's parts. `overStyle` lays the customization's explicit fields over the brand style
 * that `customization.styleId` named, once the route has found it in the caller's workspace.
 */
export function parseGenerateForm(
  form: FormData,
  overStyle: (explicit: Record<string, unknown>) => Record<string, unknown> = (explicit) =>
    explicit,
): GenerateParse {
  const type = qrTypeSchema.safeParse(form.get("type"));
  if (!type.success) {
    return {
      ok: false,
      message: `Choose a QR code type: ${QR_TYPES.join(", ")}.`,
      errors: { type: "Choose one of the seven code types." },
    };
  }
  const data = jsonObject(form, "data");
  if (typeof data === "string") return { ok: false, message: data, errors: { data } };
  const customization = jsonObject(form, "customization");
  if (typeof customization === "string") {
    return { ok: false, message: customization, errors: { customization } };
  }

  const content = parseContent(type.data, contentInput(data));
  const { styleId: _styleId, trackScans: _trackScans, ...fields } = customization;
  const style = parseCustomization(overStyle(fields));
  if (!content.ok || !style.ok) {
    const errors = { ...(content.ok ? {} : content.errors), ...(style.ok ? {} : style.errors) };
    return { ok: false, message: Object.values(errors)[0] ?? "Check the code's details.", errors };
  }
  const title = form.get("title");
  return {
    ok: true,
    request: {
      content: content.value,
      style: style.value,
      save: form.get("save") === "true",
      title: typeof title === "string" ? title.trim() : "",
      trackScans: form.get("trackScans") === "true" || customization.trackScans === true,
    },
  };
}
