import { data, redirect } from "react-router";
import { createDatabase } from "../db/client.server";
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
    return failed(request, "The sign-in provider could not be reached. Please try again.", thrown);
  }
  // The strategy always redirects on the first leg.
  throw redirect("/auth?mode=signin");
}

function failed(request: Request, description: string, cause: unknown) {
  log("warn", "federated_signin_failed", { reason: String(cause) });
  return redirectWithToast(request, "/auth?mode=signin", {
    title: "Signin failed",
    description,
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
      return failed(request, "The sign-in could not be verified. Please try again.", error);
    }
    // A forged or stale state, a refused code, the person cancelling at the provider.
    return failed(request, "The sign-in was not completed. Please try again.", error);
  }
  let signedIn;
  try {
    signedIn = await userForProviderProfile(createDatabase(), profile);
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return failed(
        request,
        "An account with this email already exists. Sign in with your email and password first.",
        error,
      );
    }
    throw error;
  }
  const { user, reclaimed } = signedIn;
  const cookie = returnCookie(request);
  const target = safeRedirectPath(await cookie.parse(request.headers.get("Cookie")));
  const created = Date.now() - user.createdAt.getTime() < 60_000 && user.provider === provider;
  return redirectWithToast(
    request,
    target,
    reclaimed
      ? {
          title: "Welcome back!",
          description:
            "Your e-mail address is now confirmed. It had never been confirmed, so the account's password was removed and every other device signed out; set a new password in your account settings if you want one.",
          variant: "success",
        }
      : created
        ? {
            title: "Account created successfully!",
            description: "Welcome to QR Code Creator!",
            variant: "success",
          }
        : { title: "Welcome back!", description: "Successfully signed in.", variant: "success" },
    [await startSession(request, user.id, provider), await cookie.serialize("", { maxAge: 0 })],
  );
}
