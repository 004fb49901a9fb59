import { contentDataSchemas } from "../qr/schema";

// Dynamic codes (issue #21), the pure part: what a destination may be, where a tracked link leads
// at a given moment (its destination, or its scheduled one once that is due), and the editor's
// wall-clock time in their time zone to and from UTC. Used by the redirect, the forms and the API.

export type Checked = { ok: true; url: string } | { ok: false; message: string };

export const LOOP_MESSAGE =
  "That address leads back to this service (one of our pages, short links or custom domains), so the code could redirect to itself or to another code. Enter where people should end up, like https://example.com/menu.";

/** The generator's rules and messages for a website address ("example.com" gets https://). */
export function checkWebAddress(raw: unknown): Checked {
  const parsed = contentDataSchemas.url.safeParse({ url: typeof raw === "string" ? raw : "" });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Enter a website address" };
  }
  return { ok: true, url: parsed.data.url };
}

const SHORT_LINK_PATH = /^\/s\//i;

/**
 * A path as the router matches it: React Router percent-decodes each segment (a malformed escape
 * leaves the whole path as it came, as the router does) and matches without regard to case, so
 * /%73/{slug} and /S/{slug} reach the scan route too. Runs of slashes count as one, to be safe.
 */
function routedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    // URIError: the router gives up decoding too, and matches the path as it is.
  }
  return decoded.replace(/\/{2,}/g, "/");
}

/**
 * Whether `url` is a short link of this service: /s/… on one of our own hostnames (`ownHost`, given
 * lower-case names), or anything on a hostname that serves only short links (a custom domain:
 * `shortLinkHost`). A code leading there
 * would redirect to a code, or to itself.
 */
export function isShortLink(
  url: string,
  ownHost: (hostname: string) => boolean,
  shortLinkHost: (hostname: string) => boolean = () => false,
): boolean {
  const parsed = new URL(url);
  const hostname = parsed.hostname.toLowerCase().replace(/\.$/, "");
  if (shortLinkHost(hostname)) return true;
  return ownHost(hostname) && SHORT_LINK_PATH.test(routedPath(parsed.pathname));
}

/** The hostnames a destination is judged against (lower-case names, without a final dot). */
export interface OurHosts {
  /** This service's hostnames by configuration (APP_URL's, APP_HOSTNAME and its www). */
  configured: (hostname: string) => boolean;
  /** Any other hostname the app answers on (workers.dev, loopback names; `isOwnHost`). */
  serving: (hostname: string) => boolean;
  /** Customers' domains, which serve nothing but short links. */
  custom: (hostname: string) => boolean;
}

/**
 * Whether a tracked code leading to `url` would send scanners back into this service (issue #27):
 * any address on our configured hostnames (short links, and every route that takes `redirect=`),
 * any on a customer's domain, and on the other hostnames the app answers on, a short link or an
 * address with a `redirect` parameter. Two such codes would bounce a scanner between them.
 */
export function leadsBackToUs(url: string, hosts: OurHosts): boolean {
  const parsed = new URL(url);
  const hostname = parsed.hostname.toLowerCase().replace(/\.$/, "");
  if (hosts.configured(hostname) || hosts.custom(hostname)) return true;
  if (!hosts.serving(hostname)) return false;
  const redirects = [...parsed.searchParams.keys()].some((key) => key.toLowerCase() === "redirect");
  return redirects || isShortLink(url, hosts.serving);
}

export interface ScheduledChange {
  url: string;
  /** UTC milliseconds. */
  at: number;
}

/** Where a link leads at `now`: its scheduled destination once due, else its destination. */
export function leadsTo(targetUrl: string, next: ScheduledChange | null, now: number): string {
  return next && now >= next.at ? next.url : targetUrl;
}

// ---- Time zones -------------------------------------------------------------------------------

export const DEFAULT_ZONE = "UTC";

/**
 * The runtime's own spelling of a time zone ("europe/berlin" → "Europe/Berlin"), or null when it
 * knows no such zone. Zones are matched without regard to case, so this is what is kept.
 */
export function canonicalZone(zone: string): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(zone: string): boolean {
  return canonicalZone(zone) !== null;
}

/** Every time zone the runtime knows, for the form's list (UTC first). */
export function timeZones(): string[] {
  const known =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [DEFAULT_ZONE, ...known.filter((zone) => zone !== DEFAULT_ZONE)];
}

/**
 * Each isolate keeps a formatter per zone (making one is slow), under the zone's canonical name
 * so that the same zone in another letter case is not another entry, and at most this many.
 */
export const MAX_CACHED_ZONES = 64;
const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** How many zones' formatters this isolate keeps (for tests). */
export function cachedZoneCount(): number {
  return partsFormats.size;
}

/** The wall-clock fields of instant `at` in `zone`. */
function wallClock(at: number, zone: string) {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    const canonical = format.resolvedOptions().timeZone;
    const known = partsFormats.get(canonical);
    if (known) {
      format = known;
    } else {
      if (partsFormats.size >= MAX_CACHED_ZONES) {
        partsFormats.delete(partsFormats.keys().next().value!);
      }
      partsFormats.set(canonical, format);
    }
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(at)).map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far `zone` is ahead of UTC at instant `at`, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (at - (at % 1000));
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value ("2026-11-25T17:00") read in `zone`, as UTC milliseconds; null when it
 * is not a real time. A time skipped by a clock change (spring forward) moves on by the gap, and
 * one that happens twice (fall back) is the first.
 */
export function zonedTimeToUtc(local: string, zone: string): number | null {
  const match = LOCAL_INPUT.exec(local.trim());
  if (!match || !isTimeZone(zone)) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0));
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(wall);
  // Date.UTC carries 17:99 over to 18:39: a field out of range is no real time.
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day!) return null;
  if (hour! > 23 || minute! > 59 || second! > 59) return null;
  // The zone's offsets half a day either side straddle any clock change near this time; an offset
  // fits when the instant it gives shows this wall time in the zone.
  const HALF_DAY = 12 * 60 * 60 * 1000;
  const before = offsetAt(wall - HALF_DAY, zone);
  const after = offsetAt(wall + HALF_DAY, zone);
  const fitting = [before, after]
    .map((offset) => wall - offset)
    .filter((at) => offsetAt(at, zone) === wall - at);
  return fitting.length > 0 ? Math.min(...fitting) : wall - before;
}

/** Instant `at` as a datetime-local value in `zone` ("2026-11-25T17:00"). */
export function utcToZonedInput(at: number, zone: string): string {
  const w = wallClock(at, zone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** "Nov 25, 2026, 5:00 PM (Europe/Berlin)"; `locale` writes it in a page's language (issue #32). */
export function formatInZone(at: number, zone: string, locale = "en-US"): string {
  const text = new Intl.DateTimeFormat(locale, {
    timeZone: isTimeZone(zone) ? zone : DEFAULT_ZONE,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(at));
  return `${text} (${isTimeZone(zone) ? zone : DEFAULT_ZONE})`;
}
