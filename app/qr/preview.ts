import { customizationSvg } from "../design/render";
import {
  CONTENT_FIELDS,
  evaluateFields,
  fieldsToSearchParams,
  type GeneratorFields,
} from "./fields";
import { ContentTooLongError } from "./matrix";
import { describeContent, encodePayload } from "./payload";
import type { FieldErrors } from "./schema";
import { svgDataUrl } from "./svg";

export interface ShownCode {
  src: string;
  alt: string;
  query: string;
}

/**
 * What the generator shows for a set of fields: the code, or why there is none. When only the
 * colours or the design are wrong, `last` is the last code that was fine, shown dimmed beside the
 * reason (issue #29 item 15).
 */
export type Preview =
  | ({ ok: true } & ShownCode)
  | {
      ok: false;
      errors: FieldErrors;
      /** Why the colours or the design cannot be drawn, as the server would refuse them. */
      reason?: string;
      last?: ShownCode;
    };

/**
 * The server renders the first preview; the browser loads this module (with the encoder, the
 * design module and the validation schemas) only to redraw it after a change, which keeps them off
 * the first load. The SVG is the one /download.svg hands out for the same query, byte for byte.
 */
export function buildPreview(fields: GeneratorFields): Preview {
  const evaluation = evaluateFields(fields);
  if (!evaluation.ok) {
    const { errors } = evaluation;
    return lookRefused(errors)
      ? { ok: false, errors, reason: Object.values(errors)[0] }
      : evaluation;
  }
  try {
    return {
      ok: true,
      src: svgDataUrl(
        customizationSvg(encodePayload(evaluation.content), evaluation.customization),
      ),
      alt: `QR code: ${describeContent(evaluation.content)}`,
      query: fieldsToSearchParams(fields).toString(),
    };
  } catch (error) {
    if (error instanceof ContentTooLongError) {
      return { ok: false, errors: { form: error.message } };
    }
    throw error;
  }
}

/** Whether a refusal is about how the code looks rather than what it says. */
export function lookRefused(errors: FieldErrors): boolean {
  const names = Object.keys(errors);
  return (
    names.length > 0 &&
    names.every((name) => name !== "form" && !(CONTENT_FIELDS as readonly string[]).includes(name))
  );
}

/** The preview, keeping `last` (a good code) beside a refusal of the colours or the design. */
export function keepLast(preview: Preview, last: ShownCode | undefined): Preview {
  if (preview.ok || !last || !preview.reason) return preview;
  return { ...preview, last };
}
