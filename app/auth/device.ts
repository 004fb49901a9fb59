import UAParser from "ua-parser-js";

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
