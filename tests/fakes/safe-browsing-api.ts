import type http from "node:http";
import { freePorts, serveOnLoopback } from "./ports";

// A small stand-in for Google's Safe Browsing Lookup API v4 (POST /v4/threatMatches:find?key=…)
// on loopback, for the worker tests of the vendors project (Vitest globalSetup, in Node). The
// app's own client (app/destinations/safe-browsing.server.ts) talks to it through
// SAFE_BROWSING_API_BASE with Google's request and answer shapes: `{}` when nothing matches,
// `{ matches: [{ threatType, platformType, threat: { url }, cacheDuration, threatEntryType }] }`
// otherwise, 400 INVALID_ARGUMENT for a malformed body and 403 PERMISSION_DENIED without a key.
//
// It lists what Google lists for its test pages (testsafebrowsing.appspot.com/s/… and
// /apiv4/{platform}/{threat}/URL/), plus any address on a host under "listed-phishing.test"
// (SOCIAL_ENGINEERING) or "listed-malware.test" (MALWARE). It misbehaves per address, never
// through a global switch, so test files running side by side cannot disturb each other: a
// request naming a host starting with "outage." gets Google's 503, one starting with "slow."
// gets no answer for 5 seconds.

const TEST_PAGES: Record<string, string> = {
  "/s/phishing.html": "SOCIAL_ENGINEERING",
  "/s/malware.html": "MALWARE",
  "/s/unwanted.html": "UNWANTED_SOFTWARE",
};

const THREAT_TYPES = new Set([
  "SOCIAL_ENGINEERING",
  "MALWARE",
  "UNWANTED_SOFTWARE",
  "POTENTIALLY_HARMFUL_APPLICATION",
]);

/** Every lookup received, for tests that check what the app asked. */
const lookups: { key: string | null; urls: string[] }[] = [];

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json; charset=UTF-8" });
  response.end(JSON.stringify(body));
}

function googleError(response: http.ServerResponse, code: number, status: string, message: string) {
  send(response, code, { error: { code, message, status } });
}

function threatOf(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (host === "testsafebrowsing.appspot.com") {
    const page = TEST_PAGES[url.pathname];
    if (page) return page;
    const api = /^\/apiv4\/[A-Z_]+\/([A-Z_]+)\/URL\/$/.exec(url.pathname);
    return api && THREAT_TYPES.has(api[1]!) ? api[1]! : null;
  }
  if (host === "listed-phishing.test" || host.endsWith(".listed-phishing.test")) {
    return "SOCIAL_ENGINEERING";
  }
  if (host === "listed-malware.test" || host.endsWith(".listed-malware.test")) return "MALWARE";
  return null;
}

interface LookupBody {
  client?: { clientId?: string };
  threatInfo?: {
    threatTypes?: string[];
    platformTypes?: string[];
    threatEntryTypes?: string[];
    threatEntries?: { url?: string }[];
  };
}

function handle(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://fake");
  if (request.method === "GET" && url.pathname === "/__control/lookups") {
    send(response, 200, lookups);
    return;
  }
  if (request.method !== "POST" || url.pathname !== "/v4/threatMatches:find") {
    googleError(response, 404, "NOT_FOUND", "Not found");
    return;
  }
  const key = url.searchParams.get("key");
  if (!key) {
    googleError(response, 403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers.");
    return;
  }
  let parsed: LookupBody;
  try {
    parsed = JSON.parse(body) as LookupBody;
  } catch {
    googleError(response, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
    return;
  }
  const info = parsed.threatInfo;
  const entries = info?.threatEntries ?? [];
  if (
    !parsed.client?.clientId ||
    !info?.threatTypes?.length ||
    !info.platformTypes?.length ||
    !info.threatEntryTypes?.includes("URL") ||
    entries.length === 0 ||
    entries.length > 500 ||
    entries.some((entry) => typeof entry.url !== "string")
  ) {
    googleError(response, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    return;
  }
  const urls = entries.map((entry) => entry.url!);
  lookups.push({ key, urls });
  const hosts = urls.map((address) => {
    try {
      return new URL(address).hostname;
    } catch {
      return "";
    }
  });
  if (hosts.some((host) => host.startsWith("outage."))) {
    googleError(response, 503, "UNAVAILABLE", "The service is currently unavailable.");
    return;
  }
  const answer = () => {
    const matches = urls.flatMap((address) => {
      const threatType = threatOf(address);
      return threatType && info.threatTypes!.includes(threatType)
        ? [
            {
              threatType,
              platformType: "ANY_PLATFORM",
              threat: { url: address },
              cacheDuration: "300s",
              threatEntryType: "URL",
            },
          ]
        : [];
    });
    send(response, 200, matches.length > 0 ? { matches } : {});
  };
  if (hosts.some((host) => host.startsWith("slow."))) setTimeout(answer, 5000);
  else answer();
}

/** Where the fake listens: chosen once per run, shared with the Vitest config via process.env. */
export async function fakeSafeBrowsingApiBase(): Promise<string> {
  process.env.FAKE_SAFE_BROWSING_PORT ??= String((await freePorts(1))[0]);
  return `http://127.0.0.1:${process.env.FAKE_SAFE_BROWSING_PORT}`;
}

export default async function startFakeSafeBrowsingApi() {
  return serveOnLoopback(Number(new URL(await fakeSafeBrowsingApiBase()).port), handle);
}
