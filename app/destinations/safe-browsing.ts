import { z } from "../validation/zod";

// Google Safe Browsing for the link-safety checks (issue #31), the pure part: which provider runs,
// the Lookup API v4 request (threatMatches:find) and how its answer maps to a refusal, and the
// TEST MODE twin's verdicts for Google's own test pages.
//
// With SAFE_BROWSING_API_KEY the real Lookup API is asked. Without it, local runs and tests use
// the TEST MODE twin, which flags Google's Safe Browsing test pages as the real service does so
// the check can be tried anywhere; it refuses to run in production, where no key means no
// Safe Browsing check (the blocklist still applies).

export const SAFE_BROWSING_API_BASE = "https://safebrowsing.googleapis.com/v4";

export type SafeBrowsingSettings =
  | { provider: "google"; apiKey: string; apiBase: string; timeoutMs: number }
  | { provider: "simulated" | "off" };

const DEFAULT_TIMEOUT_MS = 3000;

const schema = z.object({
  SAFE_BROWSING_API_KEY: z
    .string()
    .regex(/^[\w-]{20,}$/, "SAFE_BROWSING_API_KEY must be a Google API key")
    .optional(),
  SAFE_BROWSING_API_BASE: z.url("SAFE_BROWSING_API_BASE must be a URL").optional(),
  SAFE_BROWSING_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, "SAFE_BROWSING_TIMEOUT_MS must be at least 100")
    .max(10_000, "SAFE_BROWSING_TIMEOUT_MS must be at most 10000")
    .optional(),
});

type RawSafeBrowsingSettings = Partial<
  Record<
    "SAFE_BROWSING_API_KEY" | "SAFE_BROWSING_API_BASE" | "SAFE_BROWSING_TIMEOUT_MS",
    string | undefined
  >
>;

/** Pure: the provider for `raw` (the variables as set) in `environment`; throws what is wrong. */
export function resolveSafeBrowsingSettings(
  raw: RawSafeBrowsingSettings,
  environment: string,
): SafeBrowsingSettings {
  const parsed = schema.safeParse({
    SAFE_BROWSING_API_KEY: raw.SAFE_BROWSING_API_KEY || undefined,
    SAFE_BROWSING_API_BASE: raw.SAFE_BROWSING_API_BASE || undefined,
    SAFE_BROWSING_TIMEOUT_MS: raw.SAFE_BROWSING_TIMEOUT_MS || undefined,
  });
  if (!parsed.success) {
    throw new Error(
      `Safe Browsing is misconfigured: ${parsed.error.issues.map((issue) => issue.message).join("; ")}.`,
    );
  }
  const settings = parsed.data;
  if (settings.SAFE_BROWSING_API_KEY) {
    return {
      provider: "google",
      apiKey: settings.SAFE_BROWSING_API_KEY,
      apiBase: (settings.SAFE_BROWSING_API_BASE ?? SAFE_BROWSING_API_BASE).replace(/\/$/, ""),
      timeoutMs: settings.SAFE_BROWSING_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS,
    };
  }
  return { provider: environment === "production" ? "off" : "simulated" };
}

/** The threat types we ask about, and how a message names each. */
export const THREAT_NAMES = {
  SOCIAL_ENGINEERING: "phishing",
  MALWARE: "malware",
  UNWANTED_SOFTWARE: "unwanted software",
  POTENTIALLY_HARMFUL_APPLICATION: "a harmful application",
} as const;

export type ThreatType = keyof typeof THREAT_NAMES;
const THREAT_TYPES = Object.keys(THREAT_NAMES) as ThreatType[];

/** The Lookup API takes at most 500 addresses a request. */
export const MAX_LOOKUP_URLS = 500;

/** The body of POST {base}/threatMatches:find?key=… for these addresses. */
export function lookupRequest(urls: string[]) {
  return {
    client: { clientId: "qr-code-creator", clientVersion: "1.0" },
    threatInfo: {
      threatTypes: THREAT_TYPES,
      platformTypes: ["ANY_PLATFORM"],
      threatEntryTypes: ["URL"],
      threatEntries: urls.map((url) => ({ url })),
    },
  };
}

const lookupResponse = z.object({
  matches: z
    .array(
      z.object({
        threatType: z.string(),
        threat: z.object({ url: z.string() }),
      }),
    )
    .optional(),
});

/**
 * The threat listed for each address the answer names (the worst first when several are); an
 * empty answer ({}) lists none. Throws on an answer that is not the API's shape.
 */
export function lookupMatches(body: unknown): Map<string, ThreatType> {
  const parsed = lookupResponse.parse(body);
  const found = new Map<string, ThreatType>();
  for (const match of parsed.matches ?? []) {
    const type = THREAT_TYPES.find((known) => known === match.threatType);
    if (!type) continue;
    const before = found.get(match.threat.url);
    if (!before || THREAT_TYPES.indexOf(type) < THREAT_TYPES.indexOf(before)) {
      found.set(match.threat.url, type);
    }
  }
  return found;
}

export function safeBrowsingMessage(type: ThreatType, testMode: boolean): string {
  const mode = testMode
    ? " (TEST MODE: a simulated check that knows only Google's test pages)"
    : "";
  return `Google Safe Browsing lists this address as ${THREAT_NAMES[type]}${mode}, so a tracked code cannot lead there.`;
}

export const TEST_HOST = "testsafebrowsing.appspot.com";

/** Google's test pages (https://testsafebrowsing.appspot.com) and what the real service lists each as. */
const TEST_PAGES: Record<string, ThreatType> = {
  "/s/phishing.html": "SOCIAL_ENGINEERING",
  "/s/malware.html": "MALWARE",
  "/s/malware_in_iframe.html": "MALWARE",
  "/s/unwanted.html": "UNWANTED_SOFTWARE",
  "/s/image_small.html": "MALWARE",
  "/s/image_medium.html": "MALWARE",
  "/s/image_large.html": "MALWARE",
  "/s/bad_css.html": "MALWARE",
  "/s/bad_javascript.html": "MALWARE",
};

/**
 * The TEST MODE twin's verdict: Google's test pages, including the Lookup API v4 ones
 * (/apiv4/{platform}/{threat}/URL/), get the threat the real service answers; anything else none.
 */
export function testPageThreat(url: string): ThreatType | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.hostname.toLowerCase().replace(/\.$/, "") !== TEST_HOST) return null;
  const path = parsed.pathname.toLowerCase();
  const page = TEST_PAGES[path];
  if (page) return page;
  const api = /^\/apiv4\/[a-z_]+\/([a-z_]+)\/url\/?$/.exec(path);
  const type = api?.[1]?.toUpperCase();
  return THREAT_TYPES.find((known) => known === type) ?? null;
}
