import { describe, expect, it } from "vitest";
import { appFetch, ORIGIN } from "../app";
import { fakeStripe, reload, signedUpUser } from "./stripe";

describe("/checkout with Stripe configured", () => {
  it("shows the page without creating a subscription, and allows Stripe.js in its CSP", async () => {
    const { user, cookie } = await signedUpUser();
    const response = await appFetch("/checkout?plan=premium", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Continue to secure payment");
    // No test-mode badge (the words themselves travel with the page's messages).
    expect(html).not.toContain("badge-test");
    expect(html).toContain("pk_test_fake");
    expect(response.headers.get("Content-Security-Policy")).toContain("https://js.stripe.com");
    // The subscription is created only when the browser asks for it.
    expect((await reload(user)).stripeCustomerId).toBeNull();
  });

  it("sends a browser without JavaScript to Stripe Checkout for the chosen plan", async () => {
    const { user, cookie } = await signedUpUser();
    const response = await appFetch("/checkout?plan=ultimate", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: new URLSearchParams({ intent: "hosted" }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\//);
    const customerId = (await reload(user)).stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);
    // The test card form of the simulator is refused when Stripe takes the payments.
    const card = await appFetch("/checkout?plan=ultimate", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: new URLSearchParams({ intent: "pay", cardNumber: "4242424242424242" }),
    });
    expect(card.status).toBe(400);
    expect(await fakeStripe.subscriptionsOf(customerId!)).toHaveLength(0);
  });
});
