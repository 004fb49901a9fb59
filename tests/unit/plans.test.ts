import { describe, expect, it } from "vitest";
import { comparePlans, formatPrice, PLAN_IDS, PLANS } from "../../app/plans/catalogue";
import {
  effectivePlan,
  hasActiveTrial,
  hasUsedTrial,
  type PlanState,
  trialDaysLeft,
} from "../../app/plans/effective";
import { premiumTrial } from "./plan-states";

const now = new Date("2026-11-23T12:00:00Z");
const hours = (n: number) => new Date(now.getTime() + n * 60 * 60 * 1000);
const seconds = (n: number) => new Date(now.getTime() + n * 1000);

function user(overrides: Partial<PlanState> = {}): PlanState {
  return { ...premiumTrial(hours(-24 * 6), hours(25)), ...overrides };
}

describe("the plan catalogue", () => {
  it("has the spec's prices and order", () => {
    expect([PLANS.free.priceCents, PLANS.premium.priceCents, PLANS.ultimate.priceCents]).toEqual([
      0, 1500, 4900,
    ]);
    expect(formatPrice(1500)).toBe("$15");
    expect(comparePlans("free", "premium")).toBeLessThan(0);
    expect(comparePlans("ultimate", "premium")).toBeGreaterThan(0);
    expect(comparePlans("premium", "premium")).toBe(0);
  });

  it("has the capability table of section 6", () => {
    expect(PLANS.free.capabilities).toMatchObject({
      maxSavedCodes: 3,
      allowedQrTypes: ["url", "text"],
      logo: false,
      svg: false,
      analyticsRetentionDays: 0,
      teamMembers: 1,
    });
    expect(PLANS.premium.capabilities).toMatchObject({
      maxSavedCodes: null,
      logo: true,
      svg: true,
      analyticsRetentionDays: 365,
      teamMembers: 5,
      api: false,
    });
    expect(PLANS.premium.capabilities.allowedQrTypes).toHaveLength(7);
    expect(PLANS.ultimate.capabilities).toMatchObject({
      analyticsRetentionDays: null,
      teamMembers: 25,
      api: true,
      whiteLabel: true,
    });
  });

  it("promises first responses to support in 24 h (Premium) and 6 h (Ultimate), none on Free", () => {
    expect(PLAN_IDS.map((plan) => PLANS[plan].capabilities.supportResponseHours)).toEqual([
      null,
      24,
      6,
    ]);
    // The pricing cards' line is worded from these hours, by the kind of support.
    expect(PLAN_IDS.map((plan) => PLANS[plan].capabilities.support)).toEqual([
      "community",
      "standard",
      "priority",
    ]);
  });
});

describe("trials and the effective plan", () => {
  it("a visitor and a free user are on free", () => {
    expect(effectivePlan(null, now)).toBe("free");
    expect(effectivePlan(user({ subscriptionPlan: "free" }), now)).toBe("free");
  });

  it("a trial ending in 25 hours: active, 2 days left, the trial's plan", () => {
    const trial = user({ trialEndDate: hours(25) });
    expect(hasActiveTrial(trial, now)).toBe(true);
    expect(trialDaysLeft(trial, now)).toBe(2);
    expect(effectivePlan(trial, now)).toBe("premium");
  });

  it("a trial ending in one second still counts, with 1 day left", () => {
    const trial = user({ trialEndDate: seconds(1) });
    expect(hasActiveTrial(trial, now)).toBe(true);
    expect(trialDaysLeft(trial, now)).toBe(1);
    expect(effectivePlan(trial, now)).toBe("premium");
  });

  it("a trial ending now, or one second ago, is over", () => {
    for (const end of [now, seconds(-1)]) {
      const ended = user({ trialEndDate: end });
      expect(hasActiveTrial(ended, now)).toBe(false);
      expect(trialDaysLeft(ended, now)).toBe(0);
      expect(effectivePlan(ended, now)).toBe("free");
    }
  });

  it("after the trial the plan stays only with an active subscription", () => {
    const ended = { trialEndDate: seconds(-1) };
    expect(effectivePlan(user({ ...ended, stripeSubscriptionId: "sub_1" }), now)).toBe("premium");
    expect(
      effectivePlan(
        user({ ...ended, stripeSubscriptionId: "sub_1", subscriptionStatus: "past_due" }),
        now,
      ),
    ).toBe("free");
    expect(effectivePlan(user({ ...ended, stripeSubscriptionId: null }), now)).toBe("free");
  });

  it("a trial flag with dates not yet begun does not grant the plan", () => {
    expect(effectivePlan(user({ trialStartDate: hours(1), trialEndDate: hours(100) }), now)).toBe(
      "free",
    );
  });

  it("a subscriber without a trial has their plan", () => {
    const subscriber = user({
      subscriptionPlan: "ultimate",
      isTrialActive: false,
      trialStartDate: null,
      trialEndDate: null,
      stripeSubscriptionId: "sub_2",
    });
    expect(effectivePlan(subscriber, now)).toBe("ultimate");
    expect(hasUsedTrial(subscriber)).toBe(false);
    expect(hasUsedTrial(user())).toBe(true);
  });
});
