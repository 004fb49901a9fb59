import { describe, expect, it } from "vitest";
import { PaymentError } from "../../../app/billing/provider.server";
import {
  clientUser,
  deliver,
  fakeStripe,
  reload,
  signedUpUser,
  stripeProvider,
  stripeSettings,
  subscribedUser,
  subscriptionEvent,
} from "./stripe";

/** Stripe reports the subscription changed; the webhook mirrors what Stripe then has. */
async function stripeReportsChange(subscriptionId: string) {
  const response = await deliver(
    subscriptionEvent("updated", await fakeStripe.subscription(subscriptionId)),
  );
  expect(response.status).toBe(200);
}

describe("upgrading with Stripe", () => {
  it("switches the plan at once, charging the prorated difference now", async () => {
    const { user, cookie, subscription } = await subscribedUser("premium");

    await stripeProvider().changePlan(user, "ultimate", "upgrade");

    const changed = await fakeStripe.subscription(subscription.id);
    expect(changed.price).toBe(stripeSettings().STRIPE_PRICE_ULTIMATE);
    expect(changed.updates.at(-1)).toMatchObject({
      proration_behavior: "always_invoice",
      cancel_at_period_end: "false",
    });
    // The app's record follows Stripe's report, not the request.
    expect(await clientUser(cookie)).toMatchObject({ subscriptionPlan: "premium" });
    await stripeReportsChange(subscription.id);
    expect(await clientUser(cookie)).toMatchObject({ subscriptionPlan: "ultimate" });
  });

  it("withdraws a pending cancellation", async () => {
    const { user, subscription } = await subscribedUser("premium");
    await stripeProvider().cancel(user);

    await stripeProvider().changePlan(user, "ultimate", "upgrade");

    expect(await fakeStripe.subscription(subscription.id)).toMatchObject({
      cancelAtPeriodEnd: false,
      price: stripeSettings().STRIPE_PRICE_ULTIMATE,
    });
  });
});

describe("downgrading with Stripe", () => {
  it("keeps the plan until the period ends, then switches, through a subscription schedule", async () => {
    const { user, subscription } = await subscribedUser("ultimate");

    await stripeProvider().changePlan(user, "premium", "downgrade");

    const now = await fakeStripe.subscription(subscription.id);
    expect(now.price).toBe(stripeSettings().STRIPE_PRICE_ULTIMATE);
    const schedule = await fakeStripe.schedule(now.schedule!);
    expect(schedule.endBehavior).toBe("release");
    expect(schedule.phases).toEqual([
      expect.objectContaining({
        end_date: subscription.currentPeriodEnd,
        items: [expect.objectContaining({ price: stripeSettings().STRIPE_PRICE_ULTIMATE })],
      }),
      expect.objectContaining({
        start_date: subscription.currentPeriodEnd,
        items: [expect.objectContaining({ price: stripeSettings().STRIPE_PRICE_PREMIUM })],
      }),
    ]);

    await stripeReportsChange(subscription.id);
    expect(await reload(user)).toMatchObject({
      subscriptionPlan: "ultimate",
      scheduledPlan: "premium",
      currentPeriodEnd: new Date(subscription.currentPeriodEnd * 1000),
    });
  });

  it("is undone by a later upgrade, which releases the schedule first", async () => {
    const { user, subscription } = await subscribedUser("ultimate");
    await stripeProvider().changePlan(user, "premium", "downgrade");
    const scheduleId = (await fakeStripe.subscription(subscription.id)).schedule!;

    await stripeProvider().changePlan(user, "ultimate", "upgrade");

    expect((await fakeStripe.schedule(scheduleId)).status).toBe("released");
    await stripeReportsChange(subscription.id);
    expect(await reload(user)).toMatchObject({ subscriptionPlan: "ultimate", scheduledPlan: null });
  });
});

describe("cancelling with Stripe", () => {
  it("ends the subscription at the period end; the plan stays until then", async () => {
    const { user, cookie, subscription } = await subscribedUser("premium");

    await stripeProvider().cancel(user);

    expect((await fakeStripe.subscription(subscription.id)).cancelAtPeriodEnd).toBe(true);
    await stripeReportsChange(subscription.id);
    expect(await reload(user)).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await clientUser(cookie)).toMatchObject({
      subscriptionPlan: "premium",
      subscriptionStatus: "active",
    });
  });

  it("replaces a pending downgrade", async () => {
    const { user, subscription } = await subscribedUser("ultimate");
    await stripeProvider().changePlan(user, "premium", "downgrade");

    await stripeProvider().cancel(user);

    await stripeReportsChange(subscription.id);
    expect(await reload(user)).toMatchObject({ cancelAtPeriodEnd: true, scheduledPlan: null });
  });

  it("refuses to change a subscription the user does not have", async () => {
    const { user } = await signedUpUser();

    await expect(stripeProvider().cancel(user)).rejects.toBeInstanceOf(PaymentError);
    await expect(stripeProvider().changePlan(user, "ultimate", "upgrade")).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe("ending a subscription at once with Stripe (the account is being deleted)", () => {
  it("cancels now, not at the end of the period, and the webhook mirrors it", async () => {
    const { user, cookie, subscription } = await subscribedUser("premium");

    await stripeProvider().cancelNow(user);

    expect(await fakeStripe.subscription(subscription.id)).toMatchObject({
      status: "canceled",
      cancelAtPeriodEnd: false,
      canceledAt: expect.any(Number),
    });
    const ended = await deliver(
      subscriptionEvent("deleted", await fakeStripe.subscription(subscription.id)),
    );
    expect(ended.status).toBe(200);
    expect(await clientUser(cookie)).toMatchObject({
      subscriptionPlan: "free",
      subscriptionStatus: "canceled",
    });
  });

  it("is done when the subscription has already ended, and has nothing to do without one", async () => {
    const { user, subscription } = await subscribedUser("ultimate");
    await stripeProvider().cancelNow(user);
    // The app's copy still says active (the webhook is on its way); Stripe says no such thing.
    await expect(stripeProvider().cancelNow(user)).resolves.toBeUndefined();
    expect(await fakeStripe.subscription(subscription.id)).toMatchObject({ status: "canceled" });

    const { user: free } = await signedUpUser();
    await expect(stripeProvider().cancelNow(free)).resolves.toBeUndefined();
  });

  it("fails with a PaymentError when Stripe does", async () => {
    const { user, subscription } = await subscribedUser("premium");
    await fakeStripe.change(subscription.id, { fault: "outage" });

    await expect(stripeProvider().cancelNow(user)).rejects.toBeInstanceOf(PaymentError);
    expect(await fakeStripe.subscription(subscription.id)).toMatchObject({ status: "active" });
  });
});
