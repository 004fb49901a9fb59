// The generator's validation messages in the page's language (issue #32). The shared schemas and
// the contrast and size checks (app/qr, app/design) keep their English, which the public API
// answers with; here a fixed message is looked up by its exact English id ("zod.<English>"), and
// the few built with numbers or characters in them are recognised and rebuilt from an ICU message
// of the generator's catalogue with the same values. Pure. It never ships with the home page's
// first load: the loader and the action translate on the server, and the browser's live preview
// loads it with the QR core (live-preview.ts), translating each preview as it is drawn.
import type { Preview, ShownCode } from "../../qr/preview";

export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** The parts of a design the contrast check names, as message ids. */
const PARTS: Record<string, string> = {
  "The gradient's light end": "generator.part.gradientLight",
  "The gradient's dark end": "generator.part.gradientDark",
  "The corner colour": "generator.part.corner",
  "The corner centre colour": "generator.part.cornerCentre",
};

const PATTERNS: [pattern: RegExp, id: string, names: string[]][] = [
  [
    /^These colours are too close to each other for phones to read \(contrast ([\d.]+):1, at least ([\d.]+):1 is needed\)\. Make the foreground darker or the background lighter\.$/,
    "generator.error.lowContrast",
    ["ratio", "min"],
  ],
  [
    /^(.+) is too close to the background\. The contrast is ([\d.]+):1 and phones need at least ([\d.]+):1: make it darker or the background lighter\.$/,
    "generator.error.partLowContrast",
    ["part", "ratio", "min"],
  ],
  [
    /^(.+) is lighter than the background; many phones only read dark codes on a light background\. Make it darker than the background\.$/,
    "generator.error.partLighter",
    ["part"],
  ],
  [
    /^The frame text is too close to the frame colour to read\. The contrast is ([\d.]+):1 and at least ([\d.]+):1 is needed: pick a lighter or darker text colour\.$/,
    "generator.error.frameTextContrast",
    ["ratio", "min"],
  ],
  [
    /^The frame text can use Latin, Greek and Cyrillic letters, digits and common punctuation; remove (.+)\.$/,
    "generator.error.frameTextCharacters",
    ["characters"],
  ],
  [
    /^This content is too long for a QR code: it needs ([\d,]+) bytes and the limit is ([\d,]+)\. Shorten it, or link to a page that holds the rest\.$/,
    "generator.error.tooLong",
    ["bytes", "limit"],
  ],
];

/** `message` (English, from a schema or check) in the language of `t`; unknown ones stay English. */
export function generatorErrorText(t: Translate, message: string): string {
  const id = `zod.${message}`;
  const exact = t(id);
  if (exact !== id) return exact;
  for (const [pattern, patternId, names] of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, index) => (values[name] = match[index + 1] ?? ""));
    if (values.part !== undefined) {
      const partId = PARTS[values.part];
      if (!partId) return message;
      values.part = t(partId);
    }
    return t(patternId, values);
  }
  return message;
}

/** How the preview's `alt` (buildPreview: "QR code: " and describeContent) starts, per kind. */
const ALT_KINDS: [prefix: string, id: string][] = [
  ["QR code: link to ", "generator.alt.url"],
  ["QR code: text message to ", "generator.alt.sms"],
  ["QR code: text: ", "generator.alt.text"],
  ["QR code: e-mail to ", "generator.alt.email"],
  ["QR code: phone call to ", "generator.alt.phone"],
  ["QR code: Wi-Fi network ", "generator.alt.wifi"],
  ["QR code: contact card for ", "generator.alt.contact"],
];

/** The preview image's description in the language of `t`, the content itself unchanged. */
export function generatorAltText(t: Translate, alt: string): string {
  const kind = ALT_KINDS.find(([prefix]) => alt.startsWith(prefix));
  return kind ? t(kind[1], { content: alt.slice(kind[0].length) }) : alt;
}

function shownIn(t: Translate, shown: ShownCode): ShownCode {
  return { ...shown, alt: generatorAltText(t, shown.alt) };
}

/** A preview with its refusals and its image's description in the language of `t`. */
export function translatePreview(t: Translate, preview: Preview): Preview {
  if (preview.ok) return { ...preview, alt: generatorAltText(t, preview.alt) };
  return {
    ...preview,
    errors: Object.fromEntries(
      Object.entries(preview.errors).map(([name, message]) => [
        name,
        generatorErrorText(t, message),
      ]),
    ),
    ...(preview.reason === undefined ? {} : { reason: generatorErrorText(t, preview.reason) }),
    ...(preview.last ? { last: shownIn(t, preview.last) } : {}),
  };
}
