import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { StripeSettings } from "../../app/billing/settings.server";
import { snapshotOf } from "../../app/billing/stripe-subscription.server";

const settings = {
  STRIPE_PRICE_PREMIUM: "price_premium",
  STRIPE_PRICE_ULTIMATE: "price_ultimate",
} as StripeSettings;

const PERIOD_END = 1_900_000_000;
const observedAt = new Date("2026-11-23T10:00:00Z");

/** The parts of a Stripe subscription the app reads. */
function subscription(overrides: Partial<Record<keyof Stripe.Subscription, unknown>> = {}) {
  return {
    id: "sub_1",
    customer: "cus_1",
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    schedule: null,
    metadata: { user_id: "user-1" },
    items: {
      data: [{ id: "si_1", price: { id: "price_ultimate" }, current_period_end: PERIOD_END }],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

function snapshot(overrides?: Partial<Record<keyof Stripe.Subscription, unknown>>) {
  return snapshotOf(subscription(overrides), { userId: "user-1", settings, observedAt });
}

describe("what a Stripe subscription means for the app", () => {
  it("names the plan by its price and the next billing date by the item's period", () => {
    expect(snapshot()).toEqual({
      userId: "user-1",
      customerId: "cus_1",
      subscriptionId: "sub_1",
      plan: "ultimate",
      status: "active",
      currentPeriodEnd: new Date(PERIOD_END * 1000),
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      observedAt,
    });
  });

  it.each([
    ["active", "active"],
    ["trialing", "active"],
    ["canceled", "canceled"],
    ["incomplete_expired", "canceled"],
    ["past_due", "past_due"],
    ["incomplete", "incomplete"],
    ["unpaid", "unpaid"],
    ["paused", "paused"],
  ])("reads Stripe's %s as %s", (stripeStatus, status) => {
    expect(snapshot({ status: stripeStatus })?.status).toBe(status);
  });

  it("counts a cancellation set either way", () => {
    expect(snapshot({ cancel_at_period_end: true })?.cancelAtPeriodEnd).toBe(true);
    expect(snapshot({ cancel_at: PERIOD_END })?.cancelAtPeriodEnd).toBe(true);
  });

  it("reads a pending downgrade from the schedule's next phase", () => {
    const schedule = {
      id: "sub_sched_1",
      status: "active",
      current_phase: { start_date: PERIOD_END - 100, end_date: PERIOD_END },
      phases: [
        {
          start_date: PERIOD_END - 100,
          end_date: PERIOD_END,
          items: [{ price: "price_ultimate" }],
        },
        { start_date: PERIOD_END, end_date: PERIOD_END + 100, items: [{ price: "price_premium" }] },
      ],
    };
    expect(snapshot({ schedule })?.scheduledPlan).toBe("premium");
    expect(snapshot({ schedule: { ...schedule, status: "released" } })?.scheduledPlan).toBeNull();
  });

  it("has nothing to say about a price this app does not sell", () => {
    const items = { data: [{ id: "si_1", price: { id: "price_other" }, current_period_end: 1 }] };
    expect(snapshot({ items })).toBeNull();
  });
});
