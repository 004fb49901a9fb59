// Billing dates ("November 27, 2026", in UTC: the provider's periods are UTC days). English keeps
// the long US form billing has always used; every other language writes the date its own way.

export function longDate(value: Date | string, locale = "en"): string {
  return new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(value));
}
