// Which language a request is answered in (issue #32, ARCHITECTURE decision 20):
// - a public page under a prefix ("/es/pricing") is in the prefix's language;
// - every other page follows the signed-in account's language, else the visitor's choice kept in
//   the `lang` cookie, else English. Accept-Language never decides; it only suggests (root.tsx).
import type { RouterContextProvider } from "react-router";
import type { UserRecord } from "../db/schema";
import { getSettings } from "../env.server";
import { requestInfoContext } from "../request-context";
import { serverI18n } from "./catalog.server";
import {
  acceptedLocale,
  DEFAULT_LOCALE,
  LANGUAGE_COOKIE,
  type Locale,
  localeByCode,
  requestedPage,
  splitLocalePath,
} from "./locales";

/** The pseudo-locale is for tests and development only. */
export function pseudoAllowed(): boolean {
  return getSettings().ENVIRONMENT !== "production";
}

/** The language kept in the visitor's `lang` cookie, if it names one we speak. */
export function cookieLocale(request: Request): Locale | null {
  const cookie = request.headers.get("Cookie") ?? "";
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  return value ? localeByCode(decodeURIComponent(value), pseudoAllowed()) : null;
}

/** What the person chose, if anything: the account's language, else the cookie. */
export function chosenLocale(request: Request, user: UserRecord | null): Locale | null {
  return localeByCode(user?.language, pseudoAllowed()) ?? cookieLocale(request);
}

/** The language of this request's answer; see the rules at the top. */
export async function resolveLocale(
  request: Request,
  currentUser: () => Promise<UserRecord | null>,
): Promise<Locale> {
  const { pathname } = new URL(request.url);
  const { locale } = splitLocalePath(requestedPage(pathname), pseudoAllowed());
  if (locale) return locale;
  // The pages people scanning a code read (/s/{slug}, /s/{slug}+) are never indexed, so the
  // browser's Accept-Language may decide them when nothing was chosen (scans/scanner-locale.server.ts).
  if (pathname.startsWith("/s/")) {
    const chosen = request.headers.has("Cookie")
      ? chosenLocale(request, await currentUser())
      : null;
    return chosen ?? acceptedLocale(request.headers.get("Accept-Language")) ?? DEFAULT_LOCALE;
  }
  if (!request.headers.has("Cookie")) return DEFAULT_LOCALE;
  return chosenLocale(request, await currentUser()) ?? DEFAULT_LOCALE;
}

/** The language Accept-Language asks for, when it differs from the page's and nothing was chosen. */
export function suggestedLocale(
  request: Request,
  user: UserRecord | null,
  current: Locale,
): Locale | null {
  if (chosenLocale(request, user)) return null;
  const accepted = acceptedLocale(request.headers.get("Accept-Language"));
  return accepted && accepted.code !== current.code ? accepted : null;
}

/** This request's language, resolved once however many loaders ask. */
export function getLocale(context: Readonly<RouterContextProvider>): Promise<Locale> {
  return context.get(requestInfoContext).locale();
}

/** A message function in this request's language, for text made on the server (toasts, errors). */
export async function getT(context: Readonly<RouterContextProvider>) {
  return translatorFor(await getLocale(context));
}

export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** A message function in `locale`: for e-mails, which go out in the recipient's language. */
export function translatorFor(locale: Locale): Translate {
  const i18n = serverI18n(locale);
  return (id, values) => i18n._(id, values);
}
