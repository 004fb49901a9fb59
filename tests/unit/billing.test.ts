import { describe, expect, it } from "vitest";
import { resolvePaymentSettings } from "../../app/billing/payment-settings";
import { planMove } from "../../app/billing/plan-move";
import { subscriptionView } from "../../app/billing/status";
import {
  type MirroredSubscription,
  mirrorSubscription,
  type SubscriptionSnapshot,
} from "../../app/billing/subscription";
import { passesLuhn, testCardDecline, testCardSchema } from "../../app/billing/test-card";
import type { PlanState } from "../../app/plans/effective";
import { trialBanner, upgradeTarget } from "../../app/plans/trial-banner";
import { FREE_ACCOUNT, premiumTrial } from "./plan-states";

const now = new Date("2026-11-23T12:00:00Z");
const hours = (n: number) => new Date(now.getTime() + n * 60 * 60 * 1000);

const free = FREE_ACCOUNT;
const trialing = premiumTrial(hours(-24), hours(24 * 6));
const paying: PlanState = { ...free, subscriptionPlan: "premium", stripeSubscriptionId: "sub_1" };

describe("choosing a plan on the Plan & Billing tab", () => {
  it("says 'Already on this plan' for the plan in effect", () => {
    expect(planMove(free, "free", now)).toEqual({ kind: "current" });
    expect(planMove(paying, "premium", now)).toEqual({ kind: "current" });
  });

  it("sends a trial user to checkout for any paid plan", () => {
    expect(planMove(trialing, "ultimate", now)).toEqual({ kind: "checkout", plan: "ultimate" });
    expect(planMove(trialing, "free", now)).toMatchObject({ kind: "confirm", action: "downgrade" });
  });

  it("sends an upgrade without a paid subscription to checkout", () => {
    expect(planMove(free, "premium", now)).toEqual({ kind: "checkout", plan: "premium" });
    const lapsed = { ...paying, subscriptionStatus: "past_due" };
    expect(planMove(lapsed, "ultimate", now)).toEqual({ kind: "checkout", plan: "ultimate" });
  });

  it("asks to confirm upgrades and downgrades of a paid subscription", () => {
    expect(planMove(paying, "ultimate", now)).toEqual({
      kind: "confirm",
      action: "upgrade",
      target: "ultimate",
    });
    expect(planMove(paying, "free", now)).toEqual({
      kind: "confirm",
      action: "downgrade",
      target: "free",
    });
  });
});

describe("mirroring the provider's subscription", () => {
  const stored: MirroredSubscription = {
    subscriptionPlan: "premium",
    subscriptionStatus: "active",
    isTrialActive: true,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
  };
  const snapshot: SubscriptionSnapshot = {
    userId: "u1",
    customerId: "cus_1",
    subscriptionId: "sub_1",
    plan: "ultimate",
    status: "active",
    currentPeriodEnd: hours(24 * 30),
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
    observedAt: now,
  };

  it("takes an active subscription's plan and period, replacing the app's trial", () => {
    expect(mirrorSubscription(stored, snapshot)).toMatchObject({
      subscriptionPlan: "ultimate",
      subscriptionStatus: "active",
      isTrialActive: false,
      stripeSubscriptionId: "sub_1",
      stripeCustomerId: "cus_1",
      currentPeriodEnd: hours(24 * 30),
    });
  });

  it("ignores an abandoned checkout that never became the user's subscription", () => {
    const incomplete = { ...snapshot, status: "incomplete" };
    expect(mirrorSubscription({ ...stored, stripeCustomerId: "cus_1" }, incomplete)).toBeNull();
    // Only the customer is remembered, so the next checkout reuses it.
    expect(mirrorSubscription(stored, incomplete)).toEqual({ stripeCustomerId: "cus_1" });
    expect(mirrorSubscription(stored, { ...snapshot, status: "canceled" })).toEqual({
      stripeCustomerId: "cus_1",
    });
  });

  it("leaves the user on free when their subscription ends, and keeps a troubled one's status", () => {
    const current = { ...stored, stripeSubscriptionId: "sub_1", isTrialActive: false };
    expect(mirrorSubscription(current, { ...snapshot, status: "canceled" })).toMatchObject({
      subscriptionPlan: "free",
      subscriptionStatus: "canceled",
      currentPeriodEnd: null,
    });
    expect(mirrorSubscription(current, { ...snapshot, status: "past_due" })).toEqual({
      stripeCustomerId: "cus_1",
      subscriptionStatus: "past_due",
    });
  });
});

describe("the subscription as the Plan & Billing tab shows it", () => {
  const subscribed = {
    ...paying,
    currentPeriodEnd: hours(24 * 20),
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
  };
  it("has a next billing date until it is cancelled", () => {
    expect(subscriptionView(subscribed, now).nextBillingDate).toBe(hours(24 * 20).toISOString());
    const cancelling = subscriptionView({ ...subscribed, cancelAtPeriodEnd: true }, now);
    expect(cancelling).toMatchObject({
      nextBillingDate: null,
      periodEnd: hours(24 * 20).toISOString(),
      cancelAtPeriodEnd: true,
      plan: "premium",
    });
  });

  it("counts trial days up", () => {
    const view = subscriptionView(
      { ...trialing, currentPeriodEnd: null, cancelAtPeriodEnd: false, scheduledPlan: null },
      now,
    );
    expect(view).toMatchObject({ plan: "premium", isTrialActive: true, trialDaysLeft: 6 });
  });
});

describe("the trial banner and Upgrade Now", () => {
  it("shows days left, amber from one day, and 'Trial Expired' afterwards", () => {
    expect(trialBanner(free, now)).toBeNull();
    expect(trialBanner(trialing, now)).toEqual({
      state: "active",
      plan: "premium",
      daysLeft: 6,
      urgent: false,
    });
    expect(trialBanner({ ...trialing, trialEndDate: hours(20) }, now)).toMatchObject({
      daysLeft: 1,
      urgent: true,
    });
    expect(trialBanner({ ...trialing, trialEndDate: hours(-1) }, now)).toEqual({
      state: "expired",
      plan: "premium",
    });
    expect(trialBanner({ ...trialing, stripeSubscriptionId: "sub_1" }, now)).toBeNull();
  });

  it("leads free users to Premium, trial users to their plan, and hides for payers", () => {
    expect(upgradeTarget(free, "free", now)).toBe("premium");
    expect(upgradeTarget({ ...trialing, subscriptionPlan: "ultimate" }, "ultimate", now)).toBe(
      "ultimate",
    );
    expect(upgradeTarget(paying, "premium", now)).toBeNull();
  });
});

describe("the simulated provider's test cards", () => {
  it("accepts well-formed numbers and declines the documented ones", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(testCardDecline("4000 0000 0000 0002")).toBe("Your card was declined.");
    expect(testCardDecline("4242 4242 4242 4242")).toBeNull();
  });

  it("checks number, expiry and CVC with messages a person understands", () => {
    const schema = testCardSchema(now);
    expect(
      schema.safeParse({ cardNumber: "4242 4242 4242 4242", expiry: "12/26", cvc: "123" }),
    ).toMatchObject({ success: true, data: { cardNumber: "4242424242424242" } });
    const result = schema.safeParse({ cardNumber: "4242", expiry: "10/26", cvc: "12" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      "Your card number is incomplete.",
      "Enter a future expiry date as MM/YY.",
      "Your card's security code is incomplete.",
    ]);
  });
});

describe("payment settings", () => {
  const stripe = {
    STRIPE_SECRET_KEY: "sk_test_123",
    STRIPE_WEBHOOK_SECRET: "whsec_123",
    STRIPE_PUBLISHABLE_KEY: "pk_test_123",
    STRIPE_PRICE_PREMIUM: "price_p",
    STRIPE_PRICE_ULTIMATE: "price_u",
  };

  it("simulates payments only outside production", () => {
    expect(resolvePaymentSettings({}, "development")).toEqual({ provider: "simulated" });
    expect(resolvePaymentSettings({}, "staging")).toEqual({ provider: "simulated" });
    expect(() => resolvePaymentSettings({}, "production")).toThrow(/never runs in production/);
  });

  it("uses Stripe when configured, and names a missing setting without showing any value", () => {
    expect(resolvePaymentSettings(stripe, "production")).toMatchObject({ provider: "stripe" });
    const { STRIPE_PRICE_ULTIMATE: _, ...half } = stripe;
    expect(() => resolvePaymentSettings(half, "production")).toThrow(
      "Stripe is half configured: STRIPE_PRICE_ULTIMATE is not set.",
    );
    const problem = (() => {
      try {
        resolvePaymentSettings({ ...stripe, STRIPE_WEBHOOK_SECRET: "oops-secret" }, "production");
        return "accepted";
      } catch (error) {
        return String(error);
      }
    })();
    expect(problem).toContain("STRIPE_WEBHOOK_SECRET must start with whsec_");
    expect(problem).not.toContain("oops-secret");
  });

  it("gives up on Stripe after the configured time, which must be whole milliseconds", () => {
    expect(resolvePaymentSettings(stripe, "production")).toMatchObject({
      stripe: { STRIPE_TIMEOUT_MS: undefined },
    });
    expect(
      resolvePaymentSettings({ ...stripe, STRIPE_TIMEOUT_MS: "2500" }, "production"),
    ).toMatchObject({ stripe: { STRIPE_TIMEOUT_MS: 2500 } });
    expect(() =>
      resolvePaymentSettings({ ...stripe, STRIPE_TIMEOUT_MS: "10s" }, "production"),
    ).toThrow("STRIPE_TIMEOUT_MS must be a whole number of milliseconds");
  });
});
