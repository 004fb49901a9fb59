// The language of the pages people scanning a code read (issue #32): /s/{slug}, its preview
// /s/{slug}+, and a customer's hostname. Scanners are anonymous and these pages have no locale
// prefix; they are never indexed (noindex), so, unlike public pages, Accept-Language may decide
// them: the visitor's `lang` cookie first, else the best language their browser asks for.
import { acceptedLocale, DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { cookieLocale } from "../i18n/locale.server";

/** `cookies: false` on customer hostnames, which never read cookies (ARCHITECTURE decision 15). */
export function scannerLocale(request: Request, { cookies }: { cookies: boolean }): Locale {
  return (
    (cookies ? cookieLocale(request) : null) ??
    acceptedLocale(request.headers.get("Accept-Language")) ??
    DEFAULT_LOCALE
  );
}
