import UAParser from "ua-parser-js";
import { phrase, type Phrase } from "../i18n/phrase";

// What /account's session list calls a browser: "Chrome on macOS". Pure, from the user agent the
// browser sent when it signed in.

/** ua-parser-js 1.x names some systems the way their makers no longer do. */
const OS_NAMES: Record<string, string> = { "Mac OS": "macOS", Chromium: "ChromeOS" };

export function deviceSummary(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const parsed = UAParser(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name ? (OS_NAMES[parsed.os.name] ?? parsed.os.name) : null;
  const summary =
    browser && os ? `${browser} on ${os}` : (browser ?? (os ? `A browser on ${os}` : null));
  return (summary ?? "Unknown device").slice(0, 80);
}

/**
 * A stored summary (sessions.device, written in English at sign-in) as a phrase, so /account
 * says it in the page's language (issue #32); browser and system names are names, kept as they are.
 */
export function devicePhrase(summary: string): Phrase | null {
  if (summary === "Unknown device") return phrase("account.sessions.device.unknown");
  const system = /^A browser on (.+)$/.exec(summary);
  if (system) return phrase("account.sessions.device.system", { os: system[1]! });
  const both = /^(.+) on (.+)$/.exec(summary);
  return both ? phrase("account.sessions.device.both", { browser: both[1]!, os: both[2]! }) : null;
}
