import { isbot } from "isbot";
import UAParser from "ua-parser-js";

// What a scan's user agent says about the scanner: device type, OS and browser for the
// breakdowns, and whether it is a bot or a link previewer (counted apart, never as a scan).
// Pure, so the consumer and the tests share it.

export interface Scanner {
  bot: boolean;
  device: string;
  os: string | null;
  browser: string | null;
}

export function describeScanner(userAgent: string | null): Scanner {
  if (!userAgent) return { bot: false, device: "unknown", os: null, browser: null };
  if (isbot(userAgent)) return { bot: true, device: "bot", os: null, browser: null };
  const parsed = UAParser(userAgent);
  return {
    bot: false,
    // ua-parser-js names no type for desktops: a browser on a known OS without one is a desktop.
    device: parsed.device.type ?? (parsed.os.name ? "desktop" : "unknown"),
    os: parsed.os.name ?? null,
    browser: parsed.browser.name ?? null,
  };
}
