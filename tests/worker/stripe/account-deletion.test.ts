import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textOf } from "../../support/html";
import { appFetch } from "../app";
import { postForm } from "../forms";
import {
  billingEventIds,
  deliver,
  fakeStripe,
  type StripeFault,
  stripeProvider,
  subscribedUser,
  subscriptionEvent,
} from "./stripe";

// Deleting the account of a Stripe subscriber: the subscription ends at Stripe at once, before
// anything is deleted; when Stripe cannot be reached, nothing is.

const deleteAccount = (cookie: string, email: string) =>
  postForm(
    "/account",
    // Every test account's password (tests/worker/accounts.ts).
    { intent: "delete", confirmEmail: email, currentPassword: "correct horse battery" },
    cookie,
  );

const accountExists = async (id: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE id = ?").bind(id).first("n")) === 1;

describe("deleting a Stripe subscriber's account", () => {
  it("cancels the subscription at Stripe at once, then deletes the account", async () => {
    const { user, cookie, subscription } = await subscribedUser("premium");

    const response = await deleteAccount(cookie, user.email);

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/?logged_out=true");
    expect(await fakeStripe.subscription(subscription.id)).toMatchObject({
      status: "canceled",
      canceledAt: expect.any(Number),
      // Ended now, not at the end of the period.
      cancelAtPeriodEnd: false,
    });
    expect(await accountExists(user.id)).toBe(false);
    expect(await billingEventIds(user.id)).toEqual([]);
    // The customer record (address, cards) goes with the account (issue #27).
    expect(await fakeStripe.customer(user.stripeCustomerId!)).toMatchObject({ deleted: true });

    // Stripe then reports the end of the subscription: it is recorded, for nobody.
    const ended = subscriptionEvent("deleted", await fakeStripe.subscription(subscription.id));
    expect((await deliver(ended)).status).toBe(200);
    const row = await env.DB.prepare("SELECT user_id FROM billing_events WHERE id = ?")
      .bind(ended.id)
      .first<{ user_id: string | null }>();
    expect(row).toEqual({ user_id: null });
  });

  for (const fault of ["outage", "stall"] satisfies StripeFault[]) {
    it(`keeps the account when Stripe ${fault === "outage" ? "fails" : "does not answer"}, and says so`, async () => {
      const { user, cookie, subscription } = await subscribedUser("premium");
      await fakeStripe.change(subscription.id, { fault });

      const response = await deleteAccount(cookie, user.email);

      expect(response.status).toBe(503);
      expect(textOf(await response.text())).toContain(
        "We could not cancel your subscription just now, so your account was not deleted. Please try again in a few minutes.",
      );
      expect(await accountExists(user.id)).toBe(true);
      expect(await fakeStripe.subscription(subscription.id)).toMatchObject({ status: "active" });
      expect((await appFetch("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(200);

      // Once Stripe answers again, the same request goes through.
      await fakeStripe.change(subscription.id, { fault: null });
      expect((await deleteAccount(cookie, user.email)).status).toBe(303);
      expect(await accountExists(user.id)).toBe(false);
    });
  }

  it("deletes the Stripe customer of an account without a subscription (issue #27)", async () => {
    const { user, cookie, subscription } = await subscribedUser("premium");
    // Cancelled, and its end mirrored: a customer with no subscription, still holding cards.
    await stripeProvider().cancelNow(user);
    await deliver(subscriptionEvent("deleted", await fakeStripe.subscription(subscription.id)));
    expect(await fakeStripe.customer(user.stripeCustomerId!)).not.toHaveProperty("deleted");

    expect((await deleteAccount(cookie, user.email)).status).toBe(303);
    expect(await accountExists(user.id)).toBe(false);
    expect(await fakeStripe.customer(user.stripeCustomerId!)).toMatchObject({ deleted: true });
  });

  it("goes ahead when Stripe has already ended the subscription", async () => {
    const { user, cookie, subscription } = await subscribedUser("ultimate");
    // Cancelled at Stripe (an earlier attempt), before its webhook reached the app.
    await stripeProvider().cancelNow(user);
    expect(await fakeStripe.subscription(subscription.id)).toMatchObject({ status: "canceled" });

    expect((await deleteAccount(cookie, user.email)).status).toBe(303);
    expect(await accountExists(user.id)).toBe(false);
  });
});
