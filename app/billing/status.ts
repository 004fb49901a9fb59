import type { PlanId } from "../plans/catalogue";
import {
  effectivePlan,
  hasActiveSubscription,
  hasActiveTrial,
  hasUsedTrial,
  type PlanState,
  trialDaysLeft,
} from "../plans/effective";

// The subscription as the Plan & Billing tab and GET /api/subscription/status describe it.

export interface SubscriptionUser extends PlanState {
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduledPlan: PlanId | null;
}

export interface SubscriptionView {
  /** The plan in effect now. */
  plan: PlanId;
  status: string;
  hasActiveSubscription: boolean;
  hasUsedTrial: boolean;
  isTrialActive: boolean;
  trialDaysLeft: number;
  trialEndDate: string | null;
  /** The next charge: the end of the paid period, or of the trial a card was given for. */
  nextBillingDate: string | null;
  /** The end of the paid period, whether it renews then or not. */
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The plan a scheduled downgrade moves to at nextBillingDate. */
  scheduledPlan: PlanId | null;
}

export function subscriptionView(user: SubscriptionUser, now: Date): SubscriptionView {
  const paid = hasActiveSubscription(user);
  return {
    plan: effectivePlan(user, now),
    status: user.subscriptionStatus,
    hasActiveSubscription: paid,
    hasUsedTrial: hasUsedTrial(user),
    isTrialActive: hasActiveTrial(user, now),
    trialDaysLeft: trialDaysLeft(user, now),
    trialEndDate: user.trialEndDate?.toISOString() ?? null,
    nextBillingDate:
      paid && !user.cancelAtPeriodEnd ? (user.currentPeriodEnd?.toISOString() ?? null) : null,
    periodEnd: paid ? (user.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: paid && user.cancelAtPeriodEnd,
    scheduledPlan: paid ? user.scheduledPlan : null,
  };
}
