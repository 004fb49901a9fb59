import { type PlanId, TRIAL_DAYS } from "./catalogue";

// Which plan a user actually has right now (spec sections 3-4). Pure: the time is passed in.

export interface PlanState {
  subscriptionPlan: PlanId;
  subscriptionStatus: string;
  isTrialActive: boolean;
  trialStartDate: Date | null;
  trialEndDate: Date | null;
  stripeSubscriptionId: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A trial flagged active whose end is still ahead. */
export function hasActiveTrial(user: PlanState, now: Date): boolean {
  return user.isTrialActive && user.trialEndDate !== null && user.trialEndDate > now;
}

/** Whole days left in an active trial, rounded up; 0 without one. */
export function trialDaysLeft(user: PlanState, now: Date): number {
  if (!hasActiveTrial(user, now)) return 0;
  return Math.ceil((user.trialEndDate!.getTime() - now.getTime()) / DAY_MS);
}

/** A paid subscription the payment provider reports as active. */
export function hasActiveSubscription(user: PlanState): boolean {
  return user.stripeSubscriptionId !== null && user.subscriptionStatus === "active";
}

/**
 * The plan that applies now: free for nobody; the stored plan during a trial that is active and
 * within its dates; otherwise the stored plan only with an active paid subscription.
 */
export function effectivePlan(user: PlanState | null, now: Date): PlanId {
  if (!user || user.subscriptionPlan === "free") return "free";
  const inTrialWindow =
    user.isTrialActive &&
    user.trialStartDate !== null &&
    user.trialEndDate !== null &&
    user.trialStartDate <= now &&
    now < user.trialEndDate;
  if (inTrialWindow) return user.subscriptionPlan;
  return hasActiveSubscription(user) ? user.subscriptionPlan : "free";
}

/** One trial per user, ever: any recorded start means it was used. */
export function hasUsedTrial(user: Pick<PlanState, "trialStartDate">): boolean {
  return user.trialStartDate !== null;
}

export function trialWindow(now: Date): { start: Date; end: Date } {
  return { start: now, end: new Date(now.getTime() + TRIAL_DAYS * DAY_MS) };
}
