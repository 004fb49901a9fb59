// One way to write dates and times across the app (issue #29 item 12), through Intl: "26 Nov 2026"
// for a day, "26 Nov 2026, 15:05 CET" for a moment, always in the reader's time zone once it is
// known, and in UTC (named) until then. Pure: the server and the browser format alike.

/** The cookie in which the browser tells the server its time zone, so its HTML uses it too. */
export const TIME_ZONE_COOKIE = "tz";

const DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** An IANA zone this runtime knows ("Europe/Berlin"), or null for anything else. */
export function validTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The Intl locale for a page's language: English keeps the British day-month order the app has
 * always used ("26 Nov 2026"); every other language writes dates its own way (issue #32).
 */
function intlLocale(locale: string): string {
  return locale === "en" ? "en-GB" : locale;
}

/** "26 Nov 2026": the calendar day of a moment in `timeZone`. */
export function formatDate(time: Date | string, timeZone = "UTC", locale = "en"): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { ...DAY, timeZone }).format(new Date(time));
}

/** "26 Nov 2026, 15:05 CET": a moment in `timeZone`, with the zone named. */
export function formatDateTime(time: Date | string, timeZone = "UTC", locale = "en"): string {
  const options = { ...DAY, ...TIME, timeZone };
  const moment = new Date(time);
  const zone =
    new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZoneName: "short" })
      .formatToParts(moment)
      .find((part) => part.type === "timeZoneName")?.value ?? "";
  const text = new Intl.DateTimeFormat(intlLocale(locale), options).format(moment);
  return zone ? `${text} ${zone}` : text;
}
