import { describe, expect, it } from "vitest";
import { PaymentError } from "../../../app/billing/provider.server";
import {
  billingEventIds,
  checkoutRequest,
  clientUser,
  fakeStripe,
  reload,
  signedUpUser,
  stripeProvider,
  stripeSettings,
} from "./stripe";

const HOUR_MS = 60 * 60 * 1000;

describe("starting a checkout with Stripe", () => {
  it("creates an incomplete subscription and hands the browser its first invoice's secret", async () => {
    const { user, cookie } = await signedUpUser();

    const intent = await stripeProvider().createSubscription(checkoutRequest(user, "premium"));

    const customerId = (await reload(user)).stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);
    const customer = await fakeStripe.customer(customerId!);
    expect(customer).toMatchObject({ email: user.email, metadata: { user_id: user.id } });
    const [subscription] = await fakeStripe.subscriptionsOf(customerId!);
    expect(subscription).toMatchObject({
      status: "incomplete",
      price: stripeSettings().STRIPE_PRICE_PREMIUM,
      metadata: { user_id: user.id, plan: "premium" },
    });
    expect(intent.intent).toBe("payment");
    expect(intent.clientSecret).toMatch(/^pi_\w+_secret_/);
    // Nothing is paid yet, so nothing changes for the user until Stripe's webhook says so.
    expect(await clientUser(cookie)).toMatchObject({
      subscriptionPlan: "free",
      stripeSubscriptionId: null,
    });
  });

  it("reuses the user's Stripe customer for a second checkout", async () => {
    const { user } = await signedUpUser();
    await stripeProvider().createSubscription(checkoutRequest(user, "premium"));
    const remembered = await reload(user);

    await stripeProvider().createSubscription(checkoutRequest(remembered, "ultimate"));

    expect((await reload(user)).stripeCustomerId).toBe(remembered.stripeCustomerId);
    expect(await fakeStripe.subscriptionsOf(remembered.stripeCustomerId!)).toHaveLength(2);
  });

  it("during the user's trial saves the card instead, and charges when the trial ends", async () => {
    const { user } = await signedUpUser();
    const trialEnd = new Date(Date.now() + 5 * 24 * HOUR_MS);

    const intent = await stripeProvider().createSubscription(
      checkoutRequest(user, "ultimate", trialEnd),
    );

    expect(intent.intent).toBe("setup");
    expect(intent.clientSecret).toMatch(/^seti_\w+_secret_/);
    const [subscription] = await fakeStripe.subscriptionsOf((await reload(user)).stripeCustomerId!);
    expect(subscription).toMatchObject({
      status: "trialing",
      price: stripeSettings().STRIPE_PRICE_ULTIMATE,
      trialEnd: Math.floor(trialEnd.getTime() / 1000),
    });
  });

  it("says so when Stripe gives no secret to confirm", async () => {
    const { user } = await signedUpUser();
    // A price of nothing: Stripe pays the first invoice itself and creates no payment.
    const provider = stripeProvider({ STRIPE_PRICE_PREMIUM: "price_zero_test" });

    const failure = provider.createSubscription(checkoutRequest(user, "premium"));

    await expect(failure).rejects.toBeInstanceOf(PaymentError);
    await expect(failure).rejects.toMatchObject({
      message: "No client secret received",
      status: 502,
    });
  });
});

describe("Stripe Checkout, for browsers without JavaScript", () => {
  it("opens a Checkout Session for the plan that names the user", async () => {
    const { user } = await signedUpUser();
    const trialEnd = new Date(Date.now() + 6 * 24 * HOUR_MS);
    const request = checkoutRequest(user, "ultimate", trialEnd);

    const url = await stripeProvider().hostedCheckoutUrl(request);

    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const session = await fakeStripe.checkoutSession(url.split("/").pop()!);
    expect(session.params).toEqual({
      mode: "subscription",
      customer: (await reload(user)).stripeCustomerId,
      line_items: [{ price: stripeSettings().STRIPE_PRICE_ULTIMATE, quantity: "1" }],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: user.id,
      subscription_data: {
        metadata: { user_id: user.id, plan: "ultimate" },
        trial_end: String(Math.floor(trialEnd.getTime() / 1000)),
      },
    });
  });

  it("stretches a trial that ends within two days to the 48 hours Checkout requires", async () => {
    const { user } = await signedUpUser();
    const trialEnd = new Date(Date.now() + HOUR_MS);

    const url = await stripeProvider().hostedCheckoutUrl(
      checkoutRequest(user, "premium", trialEnd),
    );

    const session = await fakeStripe.checkoutSession(url.split("/").pop()!);
    const stripeTrialEnd = Number(
      (session.params.subscription_data as { trial_end: string }).trial_end,
    );
    expect(stripeTrialEnd * 1000).toBeGreaterThan(Date.now() + 48 * HOUR_MS);
  });
});

describe("when Stripe cannot help", () => {
  const cases = [
    {
      what: "Stripe cannot be reached",
      provider: () => stripeProvider({ STRIPE_API_BASE: "http://127.0.0.1:9" }),
      status: 503,
      message: /could not be reached. Please try again in a moment/,
    },
    {
      what: "Stripe does not answer in time",
      provider: () =>
        stripeProvider({ STRIPE_SECRET_KEY: "sk_test_stall", STRIPE_TIMEOUT_MS: 150 }),
      status: 503,
      message: /could not be reached. Please try again in a moment/,
    },
    {
      what: "Stripe has an outage",
      provider: () => stripeProvider({ STRIPE_SECRET_KEY: "sk_test_broken" }),
      status: 502,
      message: /had a problem. Please try again in a moment/,
    },
  ];

  it.each(cases)("$what: a message to act on, and nothing recorded", async (failing) => {
    const { user, cookie } = await signedUpUser();

    const error = await failing
      .provider()
      .createSubscription(checkoutRequest(user, "premium"))
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(PaymentError);
    expect((error as PaymentError).status).toBe(failing.status);
    expect((error as PaymentError).message).toMatch(failing.message);
    expect((error as PaymentError).message).not.toMatch(/sk_test|stripe\.com|at \w+ \(/);
    expect((await reload(user)).stripeCustomerId).toBeNull();
    expect(await billingEventIds(user.id)).toEqual([]);
    expect(await clientUser(cookie)).toMatchObject({ subscriptionPlan: "free" });
  });
});
