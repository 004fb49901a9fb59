// The language of the pages people scanning a code read on a customer's hostname (issue #32).
// Scanners are anonymous, these pages have no locale prefix and are never indexed (noindex), so,
// unlike public pages, Accept-Language decides them. Customer hostnames never read cookies
// (ARCHITECTURE decision 15); this service's own /s/ pages also honour the `lang` cookie
// (i18n/locale.server.ts, resolveLocale).
import { acceptedLocale, DEFAULT_LOCALE, type Locale } from "../i18n/locales";

export function scannerLocale(request: Request): Locale {
  return acceptedLocale(request.headers.get("Accept-Language")) ?? DEFAULT_LOCALE;
}
