import type { PlanId } from "../plans/catalogue";

// What a payment provider says about one subscription, in this app's words, and how that is
// mirrored onto the user. Pure: the Stripe webhook and the offline simulator both end here.

export type PaidPlanId = Exclude<PlanId, "free">;

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return value === "premium" || value === "ultimate";
}

/**
 * "active" covers a subscription in good standing (Stripe's active and trialing); "canceled"
 * one that has ended. Anything else (incomplete, past_due, unpaid, paused) keeps its name.
 */
export type SubscriptionStatus = "active" | "canceled" | (string & {});

export interface SubscriptionSnapshot {
  userId: string;
  customerId: string | null;
  subscriptionId: string;
  plan: PaidPlanId;
  status: SubscriptionStatus;
  /** The next billing date. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** A plan the subscription switches to at currentPeriodEnd. */
  scheduledPlan: PlanId | null;
  /** When this state was read from the provider; older readings never overwrite newer ones. */
  observedAt: Date;
}

/** The stored subscription fields of a user. */
export interface MirroredSubscription {
  subscriptionPlan: PlanId;
  subscriptionStatus: string;
  isTrialActive: boolean;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduledPlan: PlanId | null;
}

/**
 * The user's subscription fields after the provider reported `snapshot`, or null when the report
 * does not concern the subscription the user has (an abandoned checkout that never became
 * active). A subscription in good standing replaces the app's own trial; an ended one leaves the
 * user on the free plan; a troubled one keeps the plan with its status, which the effective-plan
 * rule reads.
 */
export function mirrorSubscription(
  user: MirroredSubscription,
  snapshot: SubscriptionSnapshot,
): Partial<MirroredSubscription> | null {
  const customer = { stripeCustomerId: snapshot.customerId ?? user.stripeCustomerId };
  const isCurrent = user.stripeSubscriptionId === snapshot.subscriptionId;
  if (snapshot.status === "active") {
    return {
      ...customer,
      subscriptionPlan: snapshot.plan,
      subscriptionStatus: "active",
      isTrialActive: false,
      stripeSubscriptionId: snapshot.subscriptionId,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      scheduledPlan: snapshot.scheduledPlan,
    };
  }
  if (!isCurrent) return user.stripeCustomerId === customer.stripeCustomerId ? null : customer;
  if (snapshot.status === "canceled") {
    return {
      ...customer,
      subscriptionPlan: "free",
      subscriptionStatus: "canceled",
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
    };
  }
  return { ...customer, subscriptionStatus: snapshot.status };
}
