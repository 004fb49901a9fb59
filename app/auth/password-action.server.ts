import { data, type RouterContextProvider } from "react-router";
import { sendVerificationEmail } from "../accounts/recovery.server";
import { isPaidPlanId } from "../billing/subscription";
import { createDatabase } from "../db/client.server";
import { PLANS, TRIAL_DAYS } from "../plans/catalogue";
import {
  secondStepChallenge,
  secondStepJson,
  secondStepRedirect,
} from "../security/two-factor-sign-in.server";
import { getLocale, translatorFor } from "../i18n/locale.server";
import { setLanguage } from "../models/account.server";
import { toClientUser } from "../models/users.server";
import {
  AuthFailure,
  authenticateJson,
  authenticateWithPassword,
  type PasswordIntent,
} from "./accounts.server";
import { redirectWithToast } from "./flash.server";
import { safeRedirectPath } from "./redirect";
import { authFailureResponse, jsonWithCookie, readJsonObject } from "./responses.server";
import { startSession } from "./session.server";

/**
 * The action behind every e-mail form (/auth and /signin): signs in or up, starts a fresh
 * session and goes on with a toast; a problem a person can fix comes back as the form's reply (in
 * English, like the schemas: the page shows it in its language). A new account keeps the language
 * of the page it was made on (/es/auth posts in Spanish) for its pages and e-mails.
 */
export async function passwordAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.clone().formData();
  const intent: PasswordIntent = form.get("intent") === "signin" ? "signin" : "signup";
  try {
    const { user, created } = await authenticateWithPassword(intent, request);
    // Two-factor sign-in on: no session yet, the second step first (issue #31).
    const challenge = created
      ? null
      : await secondStepChallenge(request, createDatabase(), user, form.get("redirect"));
    if (challenge) return secondStepRedirect(challenge);
    const locale = await getLocale(context);
    const t = translatorFor(locale);
    if (created) {
      await setLanguage(createDatabase(), user.id, locale.code);
      user.language = locale.code;
    }
    const cookie = await startSession(request, user.id, "password");
    const plan = user.subscriptionPlan;
    const mail = created ? await sendVerificationEmail(createDatabase(), request, user) : null;
    const mailNote = t(mail === "failed" ? "auth.toast.mailFailed" : "auth.toast.mailSent");
    // A paid plan was chosen, but the address had its one trial on an earlier account (issue #27
    // item 18): the account starts on Free, and checkout is the way on (spec: trial already used).
    const chosen = form.get("plan");
    if (created && isPaidPlanId(chosen) && plan === "free") {
      const toast = {
        title: t("auth.toast.trialUsed.title"),
        description: `${t("auth.toast.trialUsed.text")} ${mailNote}`,
        variant: "error" as const,
      };
      return redirectWithToast(request, `/checkout?plan=${chosen}`, toast, [cookie]);
    }
    const toast = created
      ? {
          title: t("auth.toast.created"),
          description: [
            plan === "free"
              ? t("auth.toast.welcome")
              : t("auth.toast.trialStarted", { days: TRIAL_DAYS, plan: PLANS[plan].name }),
            mailNote,
          ].join(" "),
          variant: "success" as const,
        }
      : {
          title: t("auth.toast.welcomeBack"),
          description: t("auth.toast.signedIn"),
          variant: "success" as const,
        };
    return redirectWithToast(request, safeRedirectPath(form.get("redirect")), toast, [cookie]);
  } catch (error) {
    if (error instanceof AuthFailure) {
      return data(
        { intent, result: error.reply, message: error.message },
        { status: error.status },
      );
    }
    throw error;
  }
}

/**
 * POST /api/auth/signin and /api/auth/signup (spec section 7): the same strategies as the forms,
 * answering JSON — the user (201 for a new account) with a fresh session, or the problem.
 */
export async function passwordApiAction(intent: PasswordIntent, request: Request) {
  const body = await readJsonObject(request);
  try {
    const { user, created } = await authenticateJson(intent, request, body);
    const challenge = created
      ? null
      : await secondStepChallenge(request, createDatabase(), user, body.redirect);
    if (challenge) return secondStepJson(challenge);
    // The account exists whether or not the e-mail goes out: "Resend e-mail" is on every page.
    if (created) await sendVerificationEmail(createDatabase(), request, user);
    return jsonWithCookie(
      toClientUser(user),
      await startSession(request, user.id, "password"),
      created ? 201 : 200,
    );
  } catch (error) {
    if (error instanceof AuthFailure) return authFailureResponse(error);
    throw error;
  }
}
