import { trimChars } from "../validation/trim";

const BASE = "https://same.origin";

/** The pages that sign people in: going back to one after signing in would loop. */
const SIGN_IN_PAGES = new Set(["/auth", "/signin", "/login"]);

/** Short links (/s/{slug}) redirect to whatever their code's owner chose: often another site. */
const SHORT_LINKS = "/s/";

/** Control characters (browsers drop tabs and newlines from URLs) and "\" (read as "/"). */
function unsafe(path: string): boolean {
  return [...path].some((char) => char === "\\" || char < " " || char === "\u007f");
}

/** Percent-decodes until nothing changes (at most 3 layers); null for a broken or deeper one. */
function fullyDecoded(path: string): string | null {
  let current = path;
  for (let layer = 0; layer < 4; layer++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * A same-origin path to go to after signing in (or switching workspace), or `fallback` for
 * anything else. The one judge of every `redirect` parameter (ARCHITECTURE.md decision 18).
 *
 * It judges what a browser, or any server that decodes paths, would make of the target: the
 * path normalised as a URL ("/./", "/../", "%2e%2e" resolved) and then fully percent-decoded
 * and normalised again. Whatever then starts with "//", holds a "\" or a control character,
 * leaves the origin, names a sign-in page (in any letter case, "/%61uth" included) or a short
 * link (which sends the browser on to its code's destination, another site) is refused.
 * What it returns is the URL parser's own serialisation, so the Location header says exactly
 * what was judged.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || unsafe(target)) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return fallback;
  const decoded = fullyDecoded(url.pathname);
  if (decoded === null || unsafe(decoded)) return fallback;
  // "//" first: parsed as a URL it names a host, and one no parser accepts ("//[") would throw.
  if (decoded.startsWith("//")) return fallback;
  const resolved = new URL(decoded, BASE);
  if (resolved.origin !== BASE || resolved.pathname.startsWith("//")) return fallback;
  const page = trimChars(resolved.pathname.toLowerCase(), "/", "end");
  if (SIGN_IN_PAGES.has(page) || page.startsWith(SHORT_LINKS)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
