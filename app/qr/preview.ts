import { evaluateFields, fieldsToSearchParams, type GeneratorFields } from "./fields";
import { ContentTooLongError } from "./matrix";
import { describeContent } from "./payload";
import { contentSvg } from "./render";
import type { FieldErrors } from "./schema";
import { svgDataUrl } from "./svg";

/** What the generator shows for a set of fields: the code, or why there is none. */
export type Preview =
  { ok: true; src: string; alt: string; query: string } | { ok: false; errors: FieldErrors };

/**
 * The server renders the first preview; the browser loads this module (with the encoder and the
 * validation schemas) only to redraw it after a change, which keeps them off the first load.
 */
export function buildPreview(fields: GeneratorFields): Preview {
  const evaluation = evaluateFields(fields);
  if (!evaluation.ok) return evaluation;
  try {
    return {
      ok: true,
      src: svgDataUrl(contentSvg(evaluation.content, evaluation.style)),
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
