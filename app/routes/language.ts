// The language picker's post (issue #32): the footer's form, the suggestion line and /account all
// send `lang` and the page to return to. The choice is kept in a cookie for a year and on the
// account of a signed-in person; then the same page opens in the chosen language.
import { data, redirect } from "react-router";
import type { Route } from "./+types/language";
import { safeRedirectPath } from "../auth/redirect";
import { getUser } from "../auth/user.server";
import { createDatabase } from "../db/client.server";
import { pseudoAllowed, translatorFor } from "../i18n/locale.server";
import {
  DEFAULT_LOCALE,
  isPublicPath,
  LANGUAGE_COOKIE,
  localeByCode,
  localizedPath,
  splitLocalePath,
} from "../i18n/locales";
import { setLanguage } from "../models/account.server";

const YEAR = 60 * 60 * 24 * 365;

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = localeByCode(String(form.get("lang") ?? ""), pseudoAllowed());
  if (!locale) {
    const t = translatorFor(DEFAULT_LOCALE);
    return data({ error: t("common.language.unknown") }, { status: 400 });
  }
  const user = await getUser(context);
  if (user) await setLanguage(createDatabase(), user.id, locale.code);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return redirect(returnTo(form.get("next"), locale), {
    headers: {
      "Set-Cookie": `${LANGUAGE_COOKIE}=${encodeURIComponent(locale.code)}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`,
    },
  });
}

/** The page the picker was on, in the chosen language; a public page is always a safe target. */
function returnTo(
  next: FormDataEntryValue | null,
  locale: NonNullable<ReturnType<typeof localeByCode>>,
) {
  const raw = typeof next === "string" ? next : "/";
  const at = raw.search(/[?#]/);
  const { path } = splitLocalePath(at === -1 ? raw : raw.slice(0, at), true);
  const rest = at === -1 ? "" : raw.slice(at);
  if (isPublicPath(path)) return localizedPath(locale, path) + safeSuffix(rest);
  return safeRedirectPath(path + rest, localizedPath(locale, "/"));
}

/** A query or fragment kept as it was, unless it could break out of the Location header. */
function safeSuffix(rest: string): string {
  return /^[?#][^\s\\]*$/.test(rest) && rest.length < 2000 ? rest : "";
}
