import { redirect, type RouterContextProvider } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { createDatabase } from "../db/client.server";
import { localizedPath } from "../i18n/locales";
import { getLocale, translatorFor } from "../i18n/locale.server";
import type { UserRecord } from "../db/schema";
import { type PlanId, PLANS, TRIAL_DAYS } from "../plans/catalogue";
import { choosePlan } from "../plans/selection";
import type { PaidPlanId } from "./subscription";
import { startTrial, TRIAL_ALREADY_USED } from "./trial.server";

const PRICING = "/pricing";
const PLAN_TAB = "/dashboard?tab=plans";
const checkout = (plan: PlanId) => `/checkout?plan=${plan}`;

/**
 * The answer to a "Choose {Plan}" button (post/redirect/get): where the person goes next and the
 * message waiting there. A paid plan not tried yet leads to /trial, which says what the trial is
 * before it starts (issue #29 item 5).
 */
export async function respondToPlanChoice(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: UserRecord | null,
  plan: PlanId,
  now = new Date(),
): Promise<Response> {
  const choice = choosePlan(user, plan, now);
  // The toasts and the way back to /pricing are in the language the page was chosen in.
  const locale = await getLocale(context);
  const t = translatorFor(locale);
  if (!user || choice.kind === "sign-up") {
    return redirect(`/auth?plan=${plan}&mode=signup`, 303);
  }
  switch (choice.kind) {
    case "welcome":
      return redirectWithToast(request, localizedPath(locale, "/"), {
        title: t("pricing.toast.welcome.title"),
        description: t("pricing.toast.welcome.description"),
        variant: "success",
      });
    case "already":
      return redirectWithToast(request, localizedPath(locale, PRICING), {
        title: t("pricing.toast.already.title"),
        description: t("pricing.toast.already.description", { plan: PLANS[plan].name }),
      });
    case "dashboard":
      return redirect(PLAN_TAB, 303);
    case "checkout":
      return redirect(checkout(plan), 303);
    case "trial":
      return redirect(`/trial?plan=${plan}`, 303);
  }
}

/** "Start my free trial" on /trial: the trial starts, or the person learns why not. */
export async function startChosenTrial(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: UserRecord,
  plan: PaidPlanId,
  now: Date,
) {
  const result = await startTrial(createDatabase(), user, plan, now);
  const locale = await getLocale(context);
  const t = translatorFor(locale);
  if (result.ok) {
    return redirectWithToast(request, localizedPath(locale, PRICING), {
      title: t("billing.toast.trialStarted.title"),
      description: t("billing.toast.trialStarted.description", {
        days: TRIAL_DAYS,
        plan: PLANS[plan].name,
      }),
      variant: "success",
    });
  }
  // Another tab started the trial (or subscribed) in the meantime.
  if (result.message.includes(TRIAL_ALREADY_USED)) {
    return redirectWithToast(request, checkout(plan), {
      title: t("billing.toast.trialUsed.title"),
      description: t("billing.toast.trialUsed.description"),
      variant: "error",
    });
  }
  return redirect(PLAN_TAB, 303);
}
