import { phrase, type Phrase, type Phrased, type PhraseValues } from "../i18n/phrase";
import { contrastRatio, normalizeHexColor } from "../qr/contrast";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "../validation/one-line";
import {
  checkLogo,
  LOGO_TOO_LARGE,
  LOGO_MAX_SIDE,
  LOGO_TOO_MANY_PIXELS,
  LOGO_UNREADABLE,
  LOGO_WRONG_TYPE,
  type LogoProblem,
  pixelProblem,
  sniffLogo,
} from "../qr/logo";

// White label (issue #18, Ultimate): the rules of a workspace's brand settings. Pure: the Brand
// tab's action and the unit tests use them.

export const BRAND_NAME_MAX = 60;
export const SUPPORT_URL_MAX = 500;
/** The accent colours text and buttons on white: WCAG AA for normal text. */
export const ACCENT_MIN_CONTRAST = 4.5;
export const DEFAULT_ACCENT = "#1d4ed8";
export const FAVICON_MAX_BYTES = 100 * 1024;

export type BrandAssetKind = "logo" | "favicon";
export type FaviconType = "image/png" | "image/x-icon";

export interface BrandFields {
  name: string;
  accentColor: string;
  supportUrl: string | null;
}

export type BrandFieldErrors = Partial<Record<keyof BrandFields, string>>;
/** The same errors as phrases (integrations.brand.error.*), for the Brand tab's language. */
export type BrandFieldPhrases = Partial<Record<keyof BrandFields, Phrase>>;

const brandPhrase = (id: string, values?: PhraseValues) =>
  phrase(`integrations.brand.error.${id}`, values);

/** Checks the typed fields; every problem at once, each in words. */
export function checkBrandFields(input: {
  name: unknown;
  accentColor: unknown;
  supportUrl: unknown;
}):
  | { ok: true; fields: BrandFields }
  | { ok: false; errors: BrandFieldErrors; phrases: BrandFieldPhrases } {
  const errors: BrandFieldErrors = {};
  const phrases: BrandFieldPhrases = {};
  const refuse = (field: keyof BrandFields, problem: Phrased) => {
    errors[field] = problem.message;
    if (problem.phrase) phrases[field] = problem.phrase;
  };
  const typedName = String(input.name ?? "");
  const name = typedName.replace(/\s+/g, " ").trim();
  // The name is the sender's name of the workspace's e-mails: one line of text.
  // The control-characters message is translated as a shared zod message ("zod." + English).
  if (hasControlCharacters(typedName)) errors.name = CONTROL_CHARACTERS_MESSAGE;
  else if (!name) {
    refuse("name", {
      message: "Enter your brand's name, as people scanning your codes know it.",
      phrase: brandPhrase("nameMissing"),
    });
  } else if (name.length > BRAND_NAME_MAX) {
    refuse("name", {
      message: `Keep the brand name to ${BRAND_NAME_MAX} characters or fewer.`,
      phrase: brandPhrase("nameTooLong", { max: BRAND_NAME_MAX }),
    });
  } else if (/[<>]/.test(name)) {
    refuse("name", {
      message: "The brand name cannot contain < or >.",
      phrase: brandPhrase("nameBrackets"),
    });
  }

  const accent = String(input.accentColor ?? "").trim();
  let accentColor = DEFAULT_ACCENT;
  if (!/^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(accent)) {
    refuse("accentColor", {
      message: "Enter the accent colour as a hex code, like #1d4ed8.",
      phrase: brandPhrase("accentHex"),
    });
  } else {
    accentColor = normalizeHexColor(accent.startsWith("#") ? accent : `#${accent}`);
    const ratio = contrastRatio(accentColor, "#ffffff");
    if (ratio < ACCENT_MIN_CONTRAST) {
      // The ratios go as written in English ("2.9"): a page's language keeps the digits.
      refuse("accentColor", {
        message: `This colour is too light to read on white (contrast ${ratio.toFixed(1)}:1; at least ${ACCENT_MIN_CONTRAST}:1 is needed). Choose a darker shade.`,
        phrase: brandPhrase("accentLight", {
          ratio: ratio.toFixed(1),
          minimum: String(ACCENT_MIN_CONTRAST),
        }),
      });
    }
  }

  const typed = String(input.supportUrl ?? "").trim();
  let supportUrl: string | null = null;
  if (typed) {
    const problem = supportLinkProblem(typed);
    if (problem) refuse("supportUrl", problem);
    else supportUrl = typed.startsWith("mailto:") ? typed : new URL(typed).href;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, phrases };
  return { ok: true, fields: { name, accentColor, supportUrl } };
}

function supportLinkProblem(typed: string): Phrased | null {
  const message = {
    message: "Enter a web address starting with https://, or mailto: and an e-mail address.",
    phrase: brandPhrase("supportAddress"),
  };
  if (typed.length > SUPPORT_URL_MAX) {
    return {
      message: `Keep the support link to ${SUPPORT_URL_MAX} characters or fewer.`,
      phrase: brandPhrase("supportTooLong", { max: SUPPORT_URL_MAX }),
    };
  }
  if (/^mailto:/i.test(typed)) {
    return /^mailto:[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(typed) ? null : message;
  }
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return message;
  }
  return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password
    ? null
    : message;
}

const ICO_SIGNATURE = [0x00, 0x00, 0x01, 0x00];

/**
 * An ICO's images are at most 256 pixels a side in its directory, but each may be a PNG that
 * declares more: those are read like a logo's (issue #27).
 */
function icoPixelProblem(bytes: Uint8Array): LogoProblem | null {
  const count = bytes[4]! | (bytes[5]! << 8);
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    if (entry + 16 > bytes.length) return null; // no more images, none to decode
    const offset =
      bytes[entry + 12]! |
      (bytes[entry + 13]! << 8) |
      (bytes[entry + 14]! << 16) |
      (bytes[entry + 15]! * 2 ** 24);
    const image = bytes.subarray(offset);
    if (sniffLogo(image) === "image/png") {
      const problem = pixelProblem(image, "image/png");
      if (problem) return problem;
    }
  }
  return null;
}

const FAVICON_TOO_LARGE: LogoProblem = {
  title: "File too large",
  description: "Please choose a favicon smaller than 100 KB.",
};

const FAVICON_WRONG_TYPE: LogoProblem = {
  title: "Invalid file type",
  description: "Please choose a PNG or ICO file for the favicon.",
};

const uploadPhrase = (id: string, values?: PhraseValues) =>
  phrase(`integrations.brand.upload.${id}`, values);

/** Each refusal of a brand image, as the Brand tab says it (issue #32). */
const UPLOAD_PHRASES = new Map<LogoProblem, Phrase>([
  [LOGO_TOO_LARGE, uploadPhrase("logoTooLarge", { max: 2 })],
  [LOGO_WRONG_TYPE, uploadPhrase("logoType")],
  [LOGO_TOO_MANY_PIXELS, uploadPhrase("tooManyPixels", { max: String(LOGO_MAX_SIDE) })],
  [LOGO_UNREADABLE, uploadPhrase("unreadable")],
  [FAVICON_TOO_LARGE, uploadPhrase("faviconTooLarge", { max: FAVICON_MAX_BYTES / 1024 })],
  [FAVICON_WRONG_TYPE, uploadPhrase("faviconType")],
]);

/** Why a logo or favicon was refused: its English, and its phrase for the Brand tab. */
export function uploadRefusal(problem: LogoProblem): Phrased {
  return { message: problem.description, phrase: UPLOAD_PHRASES.get(problem) };
}

/** A favicon is a PNG or an ICO by its bytes, at most 100 KB, and at most 2048 pixels a side. */
export function checkFavicon(
  bytes: Uint8Array,
): { ok: true; type: FaviconType } | { ok: false; problem: LogoProblem } {
  if (bytes.length > FAVICON_MAX_BYTES) {
    return { ok: false, problem: FAVICON_TOO_LARGE };
  }
  if (bytes.length >= 6 && ICO_SIGNATURE.every((byte, i) => bytes[i] === byte)) {
    const problem = icoPixelProblem(bytes);
    return problem ? { ok: false, problem } : { ok: true, type: "image/x-icon" };
  }
  const logo = checkLogo(bytes);
  if (logo.ok && logo.type === "image/png") return { ok: true, type: "image/png" };
  if (!logo.ok && logo.problem === LOGO_TOO_MANY_PIXELS) return logo;
  return { ok: false, problem: FAVICON_WRONG_TYPE };
}

/** The type of a stored brand asset, from its bytes again when it is served. */
export function sniffBrandAsset(kind: BrandAssetKind, bytes: Uint8Array): string | null {
  const checked = kind === "favicon" ? checkFavicon(bytes) : checkLogo(bytes);
  return checked.ok ? checked.type : null;
}
