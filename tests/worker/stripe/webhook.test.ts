import { afterEach, describe, expect, it, vi } from "vitest";
import { appFetch } from "../app";
import {
  billingEventIds,
  checkoutRequest,
  clientUser,
  deliver,
  fakeStripe,
  reload,
  signedUpUser,
  stripeEvent,
  stripeProvider,
  subscribedUser,
  subscriptionEvent,
  type StripeFault,
} from "./stripe";

afterEach(() => vi.restoreAllMocks());

/** The JSON lines the app logged at "warn" (app/observability/log.server.ts). */
function warnings(spy: ReturnType<typeof vi.spyOn>) {
  return spy.mock.calls.flatMap(([line]: unknown[]) => {
    try {
      return [JSON.parse(String(line)) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** A user who has checked out (the subscription waits for its first payment) and paid. */
async function paidCheckout(plan: "premium" | "ultimate" = "premium") {
  const { user, cookie } = await signedUpUser();
  await stripeProvider().createSubscription(checkoutRequest(user, plan));
  const [created] = await fakeStripe.subscriptionsOf((await reload(user)).stripeCustomerId!);
  const subscription = await fakeStripe.change(created!.id, { status: "active" });
  return { user, cookie, subscription };
}

describe("Stripe's webhook only believes Stripe", () => {
  it.each([
    { what: "no signature", options: { signed: false } },
    { what: "a signature made with another secret", options: { secret: "whsec_forged" } },
  ])("refuses an event with $what and changes nothing", async ({ options }) => {
    const { user, cookie, subscription } = await paidCheckout();

    const response = await deliver(subscriptionEvent("updated", subscription), options);

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "The Stripe-Signature header is missing or does not match.",
    });
    expect(await clientUser(cookie)).toMatchObject({ subscriptionPlan: "free" });
    expect(await billingEventIds(user.id)).toEqual([]);
  });

  it("accepts only POST", async () => {
    const response = await appFetch("/api/stripe/webhook");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("a verified event mirrors the subscription as Stripe has it now", () => {
  it("makes a paying user premium, with the next billing date", async () => {
    const { user, cookie, subscription } = await paidCheckout("premium");

    const response = await deliver(subscriptionEvent("updated", subscription));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "applied" });
    expect(await clientUser(cookie)).toMatchObject({
      subscriptionPlan: "premium",
      subscriptionStatus: "active",
      stripeSubscriptionId: subscription.id,
    });
    const stored = await reload(user);
    expect(stored.currentPeriodEnd).toEqual(new Date(subscription.currentPeriodEnd * 1000));
    expect(stored).toMatchObject({ cancelAtPeriodEnd: false, scheduledPlan: null });
  });

  it("handles a replayed event once, even when Stripe's state has moved on since", async () => {
    const { user, cookie, subscription } = await paidCheckout("premium");
    const event = subscriptionEvent("updated", subscription);
    await deliver(event);
    await fakeStripe.change(subscription.id, { status: "canceled" });

    const replay = await deliver(event);

    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await billingEventIds(user.id)).toEqual([event.id]);
    expect(await clientUser(cookie)).toMatchObject({
      subscriptionPlan: "premium",
      subscriptionStatus: "active",
    });
  });

  it("never lets an older event that arrives late bring back an ended subscription", async () => {
    const { cookie, subscription } = await subscribedUser("premium");
    const whileActive = subscriptionEvent("updated", subscription, {
      created: new Date(Date.now() - 60_000),
    });
    const ended = await fakeStripe.change(subscription.id, { status: "canceled" });
    await deliver(subscriptionEvent("deleted", ended));
    expect(await clientUser(cookie)).toMatchObject({ subscriptionPlan: "free" });

    // The "active" event was sent first but arrives last.
    const late = await deliver(whileActive);

    expect(late.status).toBe(200);
    expect(await clientUser(cookie)).toMatchObject({
      subscriptionPlan: "free",
      subscriptionStatus: "canceled",
    });
  });

  it("follows a failed renewal, and its recovery, through the invoice events", async () => {
    const { cookie, subscription } = await subscribedUser("premium");
    const invoice = (status: string) => ({
      id: subscription.latestInvoice,
      object: "invoice",
      status,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: null },
      },
    });

    await fakeStripe.change(subscription.id, { status: "past_due" });
    await deliver(stripeEvent("invoice.payment_failed", invoice("open")));
    expect(await clientUser(cookie)).toMatchObject({ subscriptionStatus: "past_due" });

    await fakeStripe.change(subscription.id, { status: "active" });
    await deliver(stripeEvent("invoice.paid", invoice("paid")));
    expect(await clientUser(cookie)).toMatchObject({
      subscriptionPlan: "premium",
      subscriptionStatus: "active",
    });
  });

  it("maps a completed Stripe Checkout to the user who started it", async () => {
    const { user, cookie } = await signedUpUser();
    const url = await stripeProvider().hostedCheckoutUrl(checkoutRequest(user, "ultimate"));
    const session = await fakeStripe.completeCheckout(url.split("/").pop()!);

    const response = await deliver(stripeEvent("checkout.session.completed", session));

    expect(await response.json()).toEqual({ received: true, outcome: "applied" });
    expect(await clientUser(cookie)).toMatchObject({
      subscriptionPlan: "ultimate",
      subscriptionStatus: "active",
      stripeSubscriptionId: session.subscription,
    });
  });

  it("finds the user by their Stripe customer when the subscription carries no user id", async () => {
    const { cookie, subscription } = await paidCheckout("premium");
    // A subscription made in Stripe's dashboard for the same customer has no metadata of ours.
    const bare = await fakeStripe.change(subscription.id, { metadata: {} });

    await deliver(subscriptionEvent("updated", bare));

    expect(await clientUser(cookie)).toMatchObject({ subscriptionPlan: "premium" });
  });
});

describe("events the app does not act on", () => {
  it("acknowledges other event types without acting on them", async () => {
    const response = await deliver(stripeEvent("customer.created", { id: "cus_x" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
  });

  it("ignores a subscription to a price this app does not sell", async () => {
    const { user, subscription } = await paidCheckout("premium");
    const other = await fakeStripe.change(subscription.id, { price: "price_someone_else" });

    const response = await deliver(subscriptionEvent("updated", other));

    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(await billingEventIds(user.id)).toEqual([]);
  });
});

describe("when Stripe cannot be asked", () => {
  it.each<{ what: string; fault: StripeFault }>([
    { what: "has an outage", fault: "outage" },
    { what: "does not answer in time", fault: "stall" },
  ])(
    "Stripe $what: answers 500 so that Stripe retries, and the retry is handled in full",
    async ({ fault }) => {
      const { user, cookie, subscription } = await paidCheckout("premium");
      const event = subscriptionEvent("updated", subscription);
      await fakeStripe.change(subscription.id, { fault });
      vi.spyOn(console, "error").mockImplementation(() => {});

      const failed = await deliver(event);

      expect(failed.status).toBe(500);
      expect(await billingEventIds(user.id)).toEqual([]);
      expect(await clientUser(cookie)).toMatchObject({ subscriptionPlan: "free" });

      await fakeStripe.change(subscription.id, { fault: null });
      const retried = await deliver(event);

      expect(await retried.json()).toEqual({ received: true, outcome: "applied" });
      expect(await clientUser(cookie)).toMatchObject({ subscriptionPlan: "premium" });
    },
  );
});

describe("a subscription Stripe does not have", () => {
  it("is acknowledged as ignored, so that Stripe stops retrying, and logged for the operator", async () => {
    const { user, cookie, subscription } = await paidCheckout("premium");
    // Deleted since, or on another Stripe account that sends to the same endpoint.
    const unknown = { ...subscription, id: "sub_on_another_account" };
    const event = subscriptionEvent("updated", unknown);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    const response = await deliver(event);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(warnings(warn)).toContainEqual({
      level: "warn",
      event: "stripe_webhook_subscription_missing",
      eventId: event.id,
      eventType: "customer.subscription.updated",
      subscriptionId: "sub_on_another_account",
    });
    expect(await billingEventIds(user.id)).toEqual([]);
    expect(await clientUser(cookie)).toMatchObject({
      subscriptionPlan: "free",
      stripeSubscriptionId: null,
    });
  });
});
