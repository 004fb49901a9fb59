import { limitedAddress, TOO_MANY_ATTEMPTS } from "../auth/accounts.server";
import { flashHeader } from "../auth/flash.server";
import { safeRedirectPath } from "../auth/redirect";
import { jsonProblem } from "../auth/responses.server";
import { startSession } from "../auth/session.server";
import type { Database } from "../db/client.server";
import { chosenLocale, translatorFor } from "../i18n/locale.server";
import { DEFAULT_LOCALE } from "../i18n/locales";
import { findUserById } from "../models/users.server";
import { authenticationOptions, verifyAuthentication } from "./passkey-ceremonies.server";
import {
  clearChallengeCookie,
  consumeChallenge,
  issueChallenge,
} from "./passkey-challenges.server";
import { challengeProblem, jsonWithCookies, readAuthentication } from "./passkey-responses.server";
import { findPasskey, recordPasskeyUse } from "./passkeys.server";
import { PASSKEY_REFUSED } from "./refusals";

// Signing in with a passkey (issue #31) on /auth and /signin: two JSON calls under
// /signin/passkey/. A verified passkey starts an ordinary session (startSession), and counts as
// both factors: the device holds the key, and it verified the person (userVerification
// "required"), so the two-factor step has nothing left to ask.

/** POST /signin/passkey/options: what the browser hands to navigator.credentials.get(). */
export async function startPasskeySignIn(request: Request, db: Database) {
  if (await limitedAddress("passkey", request)) return jsonProblem(429, TOO_MANY_ATTEMPTS);
  const options = await authenticationOptions();
  const cookie = await issueChallenge(db, request, options.challenge, "sign-in", null);
  return jsonWithCookies(options, [cookie]);
}

/** POST /signin/passkey/verify { response, redirect }: signs in, says where to go next. */
export async function finishPasskeySignIn(request: Request, db: Database) {
  if (await limitedAddress("passkey", request)) return jsonProblem(429, TOO_MANY_ATTEMPTS);
  const { body, response, challenge } = await readAuthentication(request);
  const consumed = await consumeChallenge(db, request, challenge, "sign-in", null);
  if (!consumed.ok) return challengeProblem(consumed.problem);
  const cleared = await clearChallengeCookie(request);
  const refused = () =>
    jsonWithCookies(
      { message: PASSKEY_REFUSED.message, phrase: PASSKEY_REFUSED.phrase, code: "REFUSED" },
      [cleared],
      400,
    );

  const passkey = await findPasskey(db, response.id);
  if (!passkey) return refused();
  const verified = await verifyAuthentication(response, challenge, passkey);
  if (!verified.ok) return refused();
  const now = new Date();
  const { newCounter, backedUp } = verified.value;
  if (!(await recordPasskeyUse(db, passkey, newCounter, backedUp, now))) return refused();
  const user = await findUserById(db, passkey.userId);
  if (!user) return refused();

  const session = await startSession(request, user.id, "passkey");
  // Read on the signed-in page the person goes to next, in the account's language.
  const t = translatorFor(chosenLocale(request, user) ?? DEFAULT_LOCALE);
  const toast = {
    title: t("auth.toast.welcomeBack"),
    description: t("auth.toast.passkeySignedIn"),
    variant: "success" as const,
  };
  const redirect = safeRedirectPath(typeof body.redirect === "string" ? body.redirect : null);
  return jsonWithCookies({ ok: true, redirect }, [
    cleared,
    session,
    await flashHeader(request, toast),
  ]);
}
