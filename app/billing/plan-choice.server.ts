import { redirect } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { createDatabase } from "../db/client.server";
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
  user: UserRecord | null,
  plan: PlanId,
  now = new Date(),
): Promise<Response> {
  const choice = choosePlan(user, plan, now);
  if (!user || choice.kind === "sign-up") {
    return redirect(`/auth?plan=${plan}&mode=signup`, 303);
  }
  switch (choice.kind) {
    case "welcome":
      return redirectWithToast(request, "/", {
        title: "Welcome to QR Code Creator!",
        description: "Your Free plan is ready. Create your first code.",
        variant: "success",
      });
    case "already":
      return redirectWithToast(request, PRICING, {
        title: "Already on this plan",
        description: `You are on ${PLANS[plan].name} now.`,
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
  user: UserRecord,
  plan: PaidPlanId,
  now: Date,
) {
  const result = await startTrial(createDatabase(), user, plan, now);
  if (result.ok) {
    return redirectWithToast(request, PRICING, {
      title: "Trial Started!",
      description: `Your ${TRIAL_DAYS}-day ${PLANS[plan].name} trial has begun.`,
      variant: "success",
    });
  }
  // Another tab started the trial (or subscribed) in the meantime.
  if (result.message.includes(TRIAL_ALREADY_USED)) {
    return redirectWithToast(request, checkout(plan), {
      title: "Trial Already Used",
      description: "Upgrade to continue with premium features.",
      variant: "error",
    });
  }
  return redirect(PLAN_TAB, 303);
}
