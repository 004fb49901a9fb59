import { env } from "cloudflare:workers";
import { describeError, log } from "../observability/log.server";
import {
  lookupMatches,
  lookupRequest,
  MAX_LOOKUP_URLS,
  resolveSafeBrowsingSettings,
  type SafeBrowsingSettings,
  testPageThreat,
  type ThreatType,
} from "./safe-browsing";

// The Safe Browsing port of the link-safety checks (issue #31): Google's Lookup API v4, the TEST
// MODE twin of local runs, or nothing (production without a key). Settings are read and checked
// here once per isolate, like the other providers'.
//
// Failing open: when Google cannot be reached, answers late (SAFE_BROWSING_TIMEOUT_MS) or answers
// with an error, the addresses count as not listed and a warning is logged. People are not kept
// from making codes by an outage of a service we only consult; the blocklist still applies, and
// staff can block a domain later.

let settings: SafeBrowsingSettings | undefined;

export function getSafeBrowsingSettings(): SafeBrowsingSettings {
  const raw = env as unknown as Record<string, string | undefined>;
  settings ??= resolveSafeBrowsingSettings(
    {
      SAFE_BROWSING_API_KEY: raw.SAFE_BROWSING_API_KEY,
      SAFE_BROWSING_API_BASE: raw.SAFE_BROWSING_API_BASE,
      SAFE_BROWSING_TIMEOUT_MS: raw.SAFE_BROWSING_TIMEOUT_MS,
    },
    raw.ENVIRONMENT || "development",
  );
  return settings;
}

export interface SafeBrowsingVerdicts {
  /** Whether the verdicts come from the TEST MODE twin. */
  testMode: boolean;
  threats: Map<string, ThreatType>;
}

async function askGoogle(
  { apiKey, apiBase, timeoutMs }: Extract<SafeBrowsingSettings, { provider: "google" }>,
  urls: string[],
): Promise<Map<string, ThreatType>> {
  const threats = new Map<string, ThreatType>();
  for (let at = 0; at < urls.length; at += MAX_LOOKUP_URLS) {
    const chunk = urls.slice(at, at + MAX_LOOKUP_URLS);
    try {
      const response = await fetch(
        `${apiBase}/threatMatches:find?key=${encodeURIComponent(apiKey)}`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(lookupRequest(chunk)),
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
      if (!response.ok) {
        log("warn", "safe_browsing_failed_open", { status: response.status, urls: chunk.length });
        continue;
      }
      for (const [url, type] of lookupMatches(await response.json())) threats.set(url, type);
    } catch (error) {
      log("warn", "safe_browsing_failed_open", { urls: chunk.length, ...describeError(error) });
    }
  }
  return threats;
}

/** What Safe Browsing lists among `urls` (asked exactly as they will be stored). */
export async function safeBrowsingThreats(urls: string[]): Promise<SafeBrowsingVerdicts> {
  const current = getSafeBrowsingSettings();
  const unique = [...new Set(urls)];
  if (current.provider === "google" && unique.length > 0) {
    return { testMode: false, threats: await askGoogle(current, unique) };
  }
  const threats = new Map<string, ThreatType>();
  if (current.provider === "simulated") {
    for (const url of unique) {
      const type = testPageThreat(url);
      if (type) threats.set(url, type);
    }
  }
  return { testMode: current.provider === "simulated", threats };
}
