// What the breakdowns show for a value the rollups keep (issue #32). The rollups, the API and the
// CSV export keep the data as it came (a country's ISO code, ua-parser-js's device type); a page
// names it in its own language when it draws it: countries by Intl, device types by the
// catalogue. OS and browser names are products' names and stay as they are. Pure.
import type { Translate } from "../i18n/i18n";

/** ua-parser-js's device types, and what the scanner module adds (app/analytics/scanner.ts). */
const DEVICE_TYPES = new Set([
  "mobile",
  "tablet",
  "desktop",
  "console",
  "smarttv",
  "wearable",
  "embedded",
  "bot",
]);

const regions = new Map<string, Intl.DisplayNames>();

/** A country's name in `locale`; its code when Intl does not know it ("T1", Tor's, is none). */
export function countryName(code: string, locale: string): string {
  let names = regions.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: "region", fallback: "code" });
    regions.set(locale, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a region code at all (RangeError): the value as it was stored.
    return code;
  }
}

/**
 * A breakdown's value as a page shows it: an empty value, or a device type nobody could tell,
 * is "Unknown"; a country is named, a device type translated; anything else is itself.
 */
export function scanValueName(
  t: Translate,
  locale: string,
  dimension: string,
  value: string,
): string {
  // The dashboard's reads name a missing country or device "unknown" (app/models/*).
  if (!value || ((dimension === "country" || dimension === "device") && value === "unknown")) {
    return t("dashboard.analytics.unknown");
  }
  if (dimension === "country") return countryName(value, locale);
  if (dimension === "device" && DEVICE_TYPES.has(value)) return t(`dashboard.device.${value}`);
  return value;
}
