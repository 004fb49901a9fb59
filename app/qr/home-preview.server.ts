// The home page's first preview (the generator's loader): drawn on the server, once per isolate
// and language for the sample settings, and in the page's language's frame text (issue #32).
import { DEFAULT_DESIGN } from "../design/schema";
import { unsupportedCharacters } from "../design/frame-characters";
import type { Translate } from "../i18n/locale.server";
import { type GeneratorFields, readFields } from "./fields";
import { buildPreview, keepLast, type Preview } from "./preview";

// Most visits open the home page as it is, with the sample settings: their first preview is the
// same every time, so it is drawn once per isolate and language (its frame text; nothing else
// about the request).
const samplePreviews = new Map<string, Preview>();

/**
 * The frame's default call to action in the page's language (issue #32), where the bundled font
 * (Latin, Greek and Cyrillic, app/design/text.ts) can draw it; otherwise the schema's "Scan me".
 */
export function localFrameText(t: Translate): string {
  const text = t("generator.design.frameTextDefault");
  return unsupportedCharacters(text).length === 0 ? text : DEFAULT_DESIGN.frameText;
}

export function samplePreview(fields: GeneratorFields): Preview {
  const key = fields.design.frameText;
  const preview = samplePreviews.get(key) ?? buildPreview(fields);
  samplePreviews.set(key, preview);
  return preview;
}

/**
 * The preview of `fields`; when only their colours or design are refused, the code of `last` (the
 * form's last good query, sent without JavaScript) stays beside the reason (issue #29 item 15).
 */
export function previewKeepingLast(fields: GeneratorFields, last: string | null) {
  const preview = buildPreview(fields);
  if (preview.ok || !last) return preview;
  const earlier = buildPreview(readFields(new URLSearchParams(last)).fields);
  return earlier.ok
    ? keepLast(preview, { src: earlier.src, alt: earlier.alt, query: earlier.query })
    : preview;
}
