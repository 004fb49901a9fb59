import listFile from "./blocklist.txt?raw";

// The domain blocklist of the link-safety checks (issue #31), the pure part: reading the
// maintained list file and staff's entries, and matching a destination's host against them. A
// domain blocks itself and every name under it (evil.example blocks login.evil.example), compared
// in lower-case punycode without a final dot, as DNS and the redirect see them. The host is read
// the way a browser reads the address (WHATWG URL), so userinfo tricks
// (https://good.example@evil.example), ports, letter case and Unicode spellings change nothing.

export const UNSAFE_LIST_MESSAGE =
  "This address is on our list of unsafe sites, so a tracked code cannot lead there. If you think this is a mistake, contact support.";

/** The host a browser would contact for `url` (lower-case punycode, no final dot), or null. */
export function destinationHost(url: string): string | null {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return null;
  }
  const host = withoutTrailingDots(hostname.toLowerCase());
  return host === "" ? null : host;
}

/** "evil.example.." → "evil.example", in linear time (a /\.+$/ is quadratic on many dots). */
function withoutTrailingDots(host: string): string {
  let end = host.length;
  while (end > 0 && host[end - 1] === ".") end -= 1;
  return host.slice(0, end);
}

/**
 * A domain as staff or the list file write it ("Evil.Example.", "*.evil.example", "bücher.example",
 * "https://evil.example/path"), in the form hosts are compared in; null when it is no domain.
 */
export function normalizeDomain(input: string): string | null {
  let typed = input.trim().normalize("NFC").toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(typed)) {
    const host = destinationHost(typed);
    if (!host) return null;
    typed = host;
  }
  typed = withoutTrailingDots(typed.replace(/^\*\./, ""));
  if (typed.startsWith("[") && typed.endsWith("]")) return destinationHost(`http://${typed}/`);
  if (typed === "" || /[/?#@:\s*\\]/.test(typed)) return null;
  // The URL parser's IDNA conversion is the one the host of every destination goes through.
  const ascii = destinationHost(`http://${typed}/`);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split(".");
  if (!labels.every((label) => /^(?!-)[a-z0-9_-]{1,63}$/.test(label))) return null;
  // An IPv4 address as the URL parser writes it (0x7f.1 is 127.0.0.1), so that it matches.
  if (/^[0-9.x]+$/.test(ascii)) return destinationHost(`http://${ascii}/`);
  return ascii;
}

/** The host and the domains it belongs to: a.b.evil.example → itself, b.evil.example, evil.example, example. */
export function domainsOf(host: string): string[] {
  // An IP address has no parent domains: 10.0.0.1 does not belong to "0.1".
  if (host.startsWith("[") || /^\d+(\.\d+){3}$/.test(host)) return [host];
  const labels = host.split(".");
  return labels.map((_, index) => labels.slice(index).join("."));
}

/** Reads a list file: one domain a line; `#` starts a comment; lines that are no domain are skipped. */
export function parseBlocklist(text: string): Set<string> {
  const domains = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const entry = line.replace(/#.*/, "").trim();
    if (!entry) continue;
    const domain = normalizeDomain(entry);
    if (domain) domains.add(domain);
  }
  return domains;
}

let maintained: Set<string> | undefined;

/** The maintained list file's domains (app/destinations/blocklist.txt), read once per isolate. */
export function maintainedBlocklist(): Set<string> {
  maintained ??= parseBlocklist(listFile);
  return maintained;
}

/** The listed domain that `url`'s host is or belongs to, or null. */
export function listedDomain(url: string, listed: (domain: string) => boolean): string | null {
  const host = destinationHost(url);
  if (!host) return null;
  return domainsOf(host).find(listed) ?? null;
}
