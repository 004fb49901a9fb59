import type { PlanState } from "../../app/plans/effective";

/** An account that never had a trial or a subscription. */
export const FREE_ACCOUNT: PlanState = {
  subscriptionPlan: "free",
  subscriptionStatus: "active",
  isTrialActive: false,
  trialStartDate: null,
  trialEndDate: null,
  stripeSubscriptionId: null,
};

/** An account on a Premium trial from `start` to `end`, with no subscription. */
export function premiumTrial(start: Date, end: Date): PlanState {
  return {
    ...FREE_ACCOUNT,
    subscriptionPlan: "premium",
    isTrialActive: true,
    trialStartDate: start,
    trialEndDate: end,
  };
}
