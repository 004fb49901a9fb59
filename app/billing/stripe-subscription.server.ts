import type Stripe from "stripe";
import type { PlanId } from "../plans/catalogue";
import type { StripeSettings } from "./settings.server";
import { planForPriceId } from "./stripe-prices";
import type { SubscriptionSnapshot, SubscriptionStatus } from "./subscription";

// Reading a Stripe subscription and saying what it means in this app's words.

/** The subscription as Stripe has it now, with the schedule that may hold a pending downgrade. */
export function retrieveSubscription(stripe: Stripe, id: string) {
  return stripe.subscriptions.retrieve(id, { expand: ["schedule"] });
}

/** The id of a Stripe reference, expanded or not. */
export function idOf(value: string | { id: string }): string {
  return typeof value === "string" ? value : value.id;
}

/** Stripe's trialing counts as good standing; an incomplete subscription that expired has ended. */
function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === "active" || status === "trialing") return "active";
  if (status === "canceled" || status === "incomplete_expired") return "canceled";
  return status;
}

/** The schedule (expanded by retrieveSubscription) that still governs the subscription, if any. */
export function pendingSchedule({ schedule }: Stripe.Subscription) {
  if (!schedule || typeof schedule === "string") return null;
  return schedule.status === "active" || schedule.status === "not_started" ? schedule : null;
}

/** The plan of the schedule's next phase, when it differs from today's (a downgrade). */
function scheduledPlanOf(
  subscription: Stripe.Subscription,
  settings: StripeSettings,
  currentPlan: PlanId,
): PlanId | null {
  const schedule = pendingSchedule(subscription);
  if (!schedule) return null;
  const currentEnd = schedule.current_phase?.end_date;
  if (currentEnd === undefined) return null;
  const next = schedule.phases.find((phase) => phase.start_date >= currentEnd);
  const price = next?.items[0]?.price;
  const plan = price ? planForPriceId(settings, idOf(price)) : null;
  return plan === currentPlan ? null : plan;
}

/**
 * What `subscription` means for `userId`, or null when it is not for one of this app's plans
 * (a price sold by something else on the same Stripe account).
 */
export function snapshotOf(
  subscription: Stripe.Subscription,
  { userId, settings, observedAt }: { userId: string; settings: StripeSettings; observedAt: Date },
): SubscriptionSnapshot | null {
  const item = subscription.items.data[0];
  const plan = item ? planForPriceId(settings, item.price.id) : null;
  if (!item || !plan) return null;
  return {
    userId,
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    plan,
    status: statusOf(subscription.status),
    // Since API version 2025-03-31 the billing period belongs to each item.
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    // A cancellation made in Stripe's dashboard may set only cancel_at.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    scheduledPlan: scheduledPlanOf(subscription, settings, plan),
    observedAt,
  };
}
