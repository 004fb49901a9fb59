import { isOwnWorkersDevHost } from "../domains/own-host";
import { phrase, type Phrase } from "../i18n/phrase";
import { trimChars } from "../validation/trim";

// Which addresses webhooks may be sent to (issue #19), pure. A webhook makes our servers send a
// request wherever a customer says, so in staging and production an address must be public:
// https on the standard port, no credentials, and no name or IP literal that leads to a private,
// loopback, link-local, shared (CGNAT), unique-local, multicast or metadata address, nor to this
// service itself. Local runs also take http://localhost and http://127.0.0.1 on any port, so that
// people can try webhooks with a receiver on their machine. The same check runs again before
// every delivery, and deliveries follow no redirects.

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string; phrase: Phrase };

/** A refusal: its English, and its phrase (integrations.webhooks.url.*) for a page. */
const refuse = (message: string, id: string, values?: Record<string, string | number>) =>
  ({ ok: false, message, phrase: phrase(`integrations.webhooks.url.${id}`, values) }) as const;

export interface UrlRules {
  environment: string;
  /** This service's own hostname, refused with its subdomains. */
  appHostname?: string | null;
}

export const URL_MAX_LENGTH = 2000;

const REFUSED_NAMES = ["localhost", "metadata.google.internal", "metadata"];
const REFUSED_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan"];

/** [first address, prefix length] of the IPv4 blocks no webhook may reach. */
const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8], // "this network"
  [0x0a000000, 8], // private
  [0x64400000, 10], // shared address space (CGNAT)
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local, cloud metadata (169.254.169.254)
  [0xac100000, 12], // private
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0000200, 24], // documentation
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xc6336400, 24], // documentation
  [0xcb007100, 24], // documentation
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
];

function parseV4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const numbers = parts.map(Number);
  if (numbers.some((n) => n > 255)) return null;
  return ((numbers[0]! << 24) | (numbers[1]! << 16) | (numbers[2]! << 8) | numbers[3]!) >>> 0;
}

function privateV4(address: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (address & mask) >>> 0 === base;
  });
}

/** The 8 groups of an IPv6 literal (as the URL parser writes it, without brackets). */
function parseV6(host: string): number[] | null {
  let text = host;
  // An IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  // (Read after the last colon: a search for the tail from every digit would cost the square.)
  const tailAt = text.lastIndexOf(":") + 1;
  const v4 = /^\d+\.\d+\.\d+\.\d+$/.exec(text.slice(tailAt));
  if (v4) {
    const address = parseV4(v4[0]);
    if (address === null) return null;
    text = `${text.slice(0, tailAt)}${(address >>> 16).toString(16)}:${(address & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

function privateV6(groups: number[]): boolean {
  const [a = 0, b = 0] = groups;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7]! <= 1) return true; // :: and ::1
  const embeddedV4 = ((groups[6]! << 16) | groups[7]!) >>> 0;
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): judged by the IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return privateV4(embeddedV4);
  }
  // IPv4-translated (::ffff:0:a.b.c.d, SIIT): judged by the IPv4 address too.
  if (groups.slice(0, 4).every((group) => group === 0) && groups[4] === 0xffff && groups[5] === 0) {
    return privateV4(embeddedV4);
  }
  // Local-use NAT64 (64:ff9b:1::/48) translates into whatever network the operator chose, and
  // Teredo (2001:0::/32) tunnels to an IPv4 address hidden in its bits: neither can be judged.
  if (a === 0x64 && b === 0xff9b && groups[2] === 1) return true;
  if (a === 0x2001 && b === 0x0000) return true;
  if (a === 0x64 && b === 0xff9b) return privateV4(embeddedV4);
  // 6to4 (2002:a.b.c.d::/48) reaches the IPv4 address in its second and third groups.
  if (a === 0x2002) return privateV4(((groups[1]! << 16) | groups[2]!) >>> 0);
  if (groups.slice(0, 6).every((group) => group === 0)) return true; // IPv4-compatible, deprecated
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((a & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((a & 0xffc0) === 0xfec0) return true; // site-local, deprecated
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  return false;
}

/** Whether `hostname` (as the URL parser writes it) leads somewhere no webhook may go. */
function refusedHost(hostname: string, appHostname: string | null): UrlCheck | null {
  // Every trailing dot goes ("localhost.." is localhost to a resolver), and a name with an empty
  // label ("a..b", ".a") is no name a public address could have.
  const host = trimChars(hostname.toLowerCase(), ".", "end");
  const internal = refuse("Webhooks can only go to public addresses on the internet.", "internal");
  if (host.startsWith("[")) {
    const groups = parseV6(host.slice(1, -1));
    return groups === null || privateV6(groups) ? internal : null;
  }
  if (host.split(".").includes("")) return internal;
  const v4 = parseV4(host);
  if (v4 !== null) return privateV4(v4) ? internal : null;
  if (REFUSED_NAMES.includes(host) || REFUSED_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return internal;
  }
  if (!host.includes(".")) return internal;
  if (
    isOwnWorkersDevHost(host) ||
    (appHostname && (host === appHostname || host.endsWith(`.${appHostname}`)))
  ) {
    return refuse("Webhooks cannot be sent to this service itself.", "ourselves");
  }
  return null;
}

const LOCAL_RECEIVERS = ["localhost", "127.0.0.1"];

/** Checks an endpoint's address; its normalised form when it may be used. */
export function checkWebhookUrl(raw: string, rules: UrlRules): UrlCheck {
  const typed = raw.trim();
  if (!typed) return refuse("Enter the address to send events to.", "empty");
  if (typed.length > URL_MAX_LENGTH) {
    return refuse(`Use an address of at most ${URL_MAX_LENGTH} characters.`, "tooLong", {
      max: URL_MAX_LENGTH,
    });
  }
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return refuse("Enter a full address, like https://example.com/webhooks.", "notAddress");
  }
  if (url.username || url.password) {
    return refuse("Leave user names and passwords out of the address.", "credentials");
  }
  const development = rules.environment === "development";
  if (
    development &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    LOCAL_RECEIVERS.includes(url.hostname)
  ) {
    return { ok: true, url: url.href };
  }
  if (url.protocol !== "https:") {
    return development
      ? refuse(
          "Webhook addresses must start with https:// (locally, http://localhost and http://127.0.0.1 work too).",
          "httpsLocal",
        )
      : refuse("Webhook addresses must start with https://.", "https");
  }
  if (!development && url.port !== "") {
    return refuse("Webhooks go to the standard https port (443) only.", "port");
  }
  const refused = refusedHost(url.hostname, rules.appHostname?.toLowerCase() ?? null);
  if (refused) return refused;
  url.hash = "";
  return { ok: true, url: url.href };
}
