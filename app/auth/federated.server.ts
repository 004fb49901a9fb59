import { data, redirect } from "react-router";
import { createDatabase } from "../db/client.server";
import { cookieLocale, translatorFor } from "../i18n/locale.server";
import { DEFAULT_LOCALE, localeByCode } from "../i18n/locales";
import { setLanguage } from "../models/account.server";
import { EmailTakenError, userForProviderProfile } from "../models/users.server";
import { signedCookie } from "../security/cookies.server";
import { redirectWithToast } from "./flash.server";
import { authenticateWithProvider, OidcError } from "./oidc.server";
import { type ProviderName, providerConfig, REQUIRED_SETTINGS } from "./providers.server";
import { safeRedirectPath } from "./redirect";
import { startSession } from "./session.server";
import { log } from "../observability/log.server";

// The two legs of a Google or OpenID Connect sign-in, shared by their four routes.

function returnCookie(request: Request) {
  return signedCookie("qr_auth_return", request, { path: "/api", maxAge: 10 * 60 });
}

/** What the "not configured" page needs to say. */
export interface NotConfigured {
  provider: ProviderName;
  settings: string[];
}

function notConfigured(provider: ProviderName) {
  return data<NotConfigured>(
    { provider, settings: REQUIRED_SETTINGS[provider] },
    { status: 503, headers: { "Cache-Control": "no-store" } },
  );
}

/** First leg: remember where to come back to, then off to the provider. */
export async function startProviderSignIn(provider: ProviderName, request: Request) {
  const config = providerConfig(provider);
  if (!config) throw notConfigured(provider);
  const target = safeRedirectPath(new URL(request.url).searchParams.get("redirect"));
  try {
    await authenticateWithProvider(config, request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers);
      headers.append("Set-Cookie", await returnCookie(request).serialize(target));
      return new Response(null, { status: thrown.status, headers });
    }
    return failed(request, "auth.federated.unreachable", thrown);
  }
  // The strategy always redirects on the first leg.
  throw redirect("/auth?mode=signin");
}

// These legs have no page of their own: their toasts are in the visitor's chosen language (the
// `lang` cookie), and they go back to the sign-in page in it.
function visitorLocale(request: Request) {
  return cookieLocale(request) ?? DEFAULT_LOCALE;
}

function failed(request: Request, descriptionId: string, cause: unknown) {
  log("warn", "federated_signin_failed", { reason: String(cause) });
  const t = translatorFor(visitorLocale(request));
  return redirectWithToast(request, "/auth?mode=signin", {
    title: t("auth.toast.signinFailed"),
    description: t(descriptionId),
    variant: "error",
  });
}

/** Second leg: verify the answer, find or link the account, start a fresh session. */
export async function finishProviderSignIn(provider: ProviderName, request: Request) {
  const config = providerConfig(provider);
  if (!config) throw notConfigured(provider);
  let profile;
  try {
    profile = await authenticateWithProvider(config, request);
  } catch (error) {
    if (error instanceof OidcError) {
      return failed(request, "auth.federated.unverified", error);
    }
    // A forged or stale state, a refused code, the person cancelling at the provider.
    return failed(request, "auth.federated.incomplete", error);
  }
  let signedIn;
  try {
    signedIn = await userForProviderProfile(createDatabase(), profile);
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return failed(request, "auth.federated.emailTaken", error);
    }
    throw error;
  }
  const { user, reclaimed } = signedIn;
  const cookie = returnCookie(request);
  const target = safeRedirectPath(await cookie.parse(request.headers.get("Cookie")));
  const created = Date.now() - user.createdAt.getTime() < 60_000 && user.provider === provider;
  // A new account keeps the language the visitor chose before signing up, if any.
  const chosen = cookieLocale(request);
  if (created && chosen && !user.language) {
    await setLanguage(createDatabase(), user.id, chosen.code);
    user.language = chosen.code;
  }
  const t = translatorFor(localeByCode(user.language) ?? visitorLocale(request));
  return redirectWithToast(
    request,
    target,
    reclaimed
      ? {
          title: t("auth.toast.welcomeBack"),
          description: t("auth.federated.reclaimed"),
          variant: "success",
        }
      : created
        ? {
            title: t("auth.toast.created"),
            description: t("auth.toast.welcome"),
            variant: "success",
          }
        : {
            title: t("auth.toast.welcomeBack"),
            description: t("auth.toast.signedIn"),
            variant: "success",
          },
    [await startSession(request, user.id, provider), await cookie.serialize("", { maxAge: 0 })],
  );
}
