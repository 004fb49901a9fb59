import type { Translate } from "../i18n/i18n";

// The code page's messages that come from shared modules in English without a phrase (issue #32;
// a destination refusal that carries one is said by it, app/dashboard/code-page.server.ts):
// link-safety verdicts, the design's contrast checks and the schemas' messages stay
// English for the public API, and are said in the page's language here, by their English text.
// Pure: the action translates refusals with the request's translator, the error boundary with
// the page's.

/** Fixed English messages and their ids. */
const FIXED: Record<string, string> = {
  "That address leads back to this service (one of our pages, short links or custom domains), so the code could redirect to itself or to another code. Enter where people should end up, like https://example.com/menu.":
    "code.refusal.loop",
  "This address is on our list of unsafe sites, so a tracked code cannot lead there. If you think this is a mistake, contact support.":
    "code.refusal.unsafeList",
  "Light codes on a dark background do not scan on many phones. Use a dark foreground on a light background, or swap the two colours.":
    "code.contrast.inverted",
  "This code has no short link in this workspace, so where it leads is printed in it and cannot change.":
    "code.error.notTracked",
  "There is no such QR code in this workspace.": "code.error.noSuchCode",
  "Unknown action.": "code.error.unknownAction",
};

const THREATS: Record<string, string> = {
  phishing: "phishing",
  malware: "malware",
  "unwanted software": "unwanted",
  "a harmful application": "harmful",
};

const PARTS: Record<string, string> = {
  "The corner colour": "code.contrast.part.corner",
  "The corner centre colour": "code.contrast.part.centre",
  "The gradient's light end": "code.contrast.part.light",
  "The gradient's dark end": "code.contrast.part.dark",
};

type Pattern = [RegExp, (t: Translate, match: RegExpExecArray) => string | null];

const PATTERNS: Pattern[] = [
  [
    /^Google Safe Browsing lists this address as (.+?)( \(TEST MODE: .*\))?, so a tracked code cannot lead there\.$/,
    (t, [, name, test]) => {
      const threat = THREATS[name!];
      if (!threat) return null;
      return t(test ? "code.refusal.safeBrowsingTest" : "code.refusal.safeBrowsing", { threat });
    },
  ],
  [
    /^With this content the saved design does not scan: (.+) Change the design first\.$/,
    (t, [, problem]) => t("code.edit.designDoesNotScan", { problem: pageMessage(t, problem!) }),
  ],
  [
    /^(.+) is lighter than the background; many phones only read dark codes on a light background\. Make it darker than the background\.$/,
    (t, [, part]) => (PARTS[part!] ? t("code.contrast.lighter", { part: t(PARTS[part!]!) }) : null),
  ],
  [
    /^(.+) is too close to the background\. The contrast is ([\d.]+):1 and phones need at least ([\d.]+):1: make it darker or the background lighter\.$/,
    (t, [, part, ratio, minimum]) =>
      PARTS[part!]
        ? t("code.contrast.partTooClose", { part: t(PARTS[part!]!), ratio, minimum })
        : null,
  ],
  [
    /^These colours are too close to each other for phones to read \(contrast ([\d.]+):1, at least ([\d.]+):1 is needed\)\. Make the foreground darker or the background lighter\.$/,
    (t, [, ratio, minimum]) => t("code.contrast.tooClose", { ratio, minimum }),
  ],
  [
    /^The frame text is too close to the frame colour to read\. The contrast is ([\d.]+):1 and at least ([\d.]+):1 is needed: pick a lighter or darker text colour\.$/,
    (t, [, ratio, minimum]) => t("code.contrast.frameText", { ratio, minimum }),
  ],
  [
    /^The frame text can use Latin, Greek and Cyrillic letters, digits and common punctuation; remove (.+)\.$/,
    (t, [, characters]) => t("code.zod.frameTextLetters", { characters }),
  ],
];

/** An English message of a shared module in the page's language; unknown ones stay English. */
export function pageMessage(t: Translate, message: string): string {
  const fixed = FIXED[message];
  if (fixed) return t(fixed);
  const zod = `zod.${message}`;
  const translated = t(zod);
  if (translated !== zod) return translated;
  for (const [pattern, say] of PATTERNS) {
    const match = pattern.exec(message);
    const said = match && say(t, match);
    if (said) return said;
  }
  return message;
}

/** Every message of a form's errors in the page's language. */
export function pageErrors(t: Translate, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, pageMessage(t, message)]),
  );
}
