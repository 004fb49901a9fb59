import type { PlanId } from "./catalogue";
import { hasActiveSubscription, hasActiveTrial, type PlanState, trialDaysLeft } from "./effective";

// The plan-status banner on the home page (spec section 4, "Trial banner"). Pure.

export type TrialBannerState =
  | { state: "active"; plan: PlanId; daysLeft: number; urgent: boolean }
  | { state: "expired"; plan: PlanId };

export function trialBanner(user: PlanState, now: Date): TrialBannerState | null {
  if (!user.trialStartDate || !user.trialEndDate || hasActiveSubscription(user)) return null;
  if (hasActiveTrial(user, now)) {
    const daysLeft = trialDaysLeft(user, now);
    return { state: "active", plan: user.subscriptionPlan, daysLeft, urgent: daysLeft <= 1 };
  }
  return user.trialEndDate <= now ? { state: "expired", plan: user.subscriptionPlan } : null;
}

/** Where "Upgrade Now" leads: premium for a free user, the trial's plan during a trial. */
export function upgradeTarget(user: PlanState, effective: PlanId, now: Date): PlanId | null {
  if (hasActiveTrial(user, now)) return user.subscriptionPlan;
  return effective === "free" ? "premium" : null;
}
