import { afterEach, describe, expect, it, vi } from "vitest";
import type { UserRecord } from "../../../app/db/schema";
import { textOf } from "../../support/html";
import { postJson } from "../accounts";
import { appFetch, ORIGIN } from "../app";
import {
  billingEventIds,
  clientUser,
  fakeStripe,
  reload,
  signedUpUser,
  type StripeFault,
} from "./stripe";

// Stripe failing just as a user starts to pay, seen through the two ways in: the call the
// payment form makes with JavaScript, and the checkout form without it. Either way the user reads
// the spec's "Payment Setup Error" with a reason they can act on, and nothing about their plan
// changes.

afterEach(() => vi.restoreAllMocks());

const failures: { fault: StripeFault; what: string; status: number; message: string }[] = [
  {
    fault: "stall",
    what: "does not answer in time",
    status: 503,
    message: "The payment service could not be reached. Please try again in a moment.",
  },
  {
    fault: "outage",
    what: "has an outage",
    status: 502,
    message: "The payment service had a problem. Please try again in a moment.",
  },
];

/** A signed-up user for whom Stripe will fail to start a subscription. */
async function userWhoseCheckoutFails(fault: StripeFault) {
  const { user, cookie } = await signedUpUser();
  await fakeStripe.failCheckoutsOf(user.id, fault);
  // The app logs Stripe's failure for the operator; keep it out of the test's output.
  vi.spyOn(console, "error").mockImplementation(() => {});
  return { user, cookie };
}

async function expectPlanUnchanged(user: UserRecord, cookie: string) {
  expect(await reload(user)).toMatchObject({
    subscriptionPlan: user.subscriptionPlan,
    subscriptionStatus: user.subscriptionStatus,
    stripeSubscriptionId: null,
    currentPeriodEnd: null,
    scheduledPlan: null,
  });
  expect(await billingEventIds(user.id)).toEqual([]);
  expect(await clientUser(cookie)).toMatchObject({
    subscriptionPlan: "free",
    stripeSubscriptionId: null,
  });
}

describe.each(failures)("when Stripe $what as a user starts to pay", (failure) => {
  it("the payment form's call answers the reason to show, and nothing is recorded", async () => {
    const { user, cookie } = await userWhoseCheckoutFails(failure.fault);

    const response = await postJson("/api/create-subscription", { plan: "premium" }, { cookie });

    expect(response.status).toBe(failure.status);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ message: failure.message });
    await expectPlanUnchanged(user, cookie);
  });

  it("without JavaScript, the checkout page says 'Payment Setup Error' and leads back to pricing", async () => {
    const { user, cookie } = await userWhoseCheckoutFails(failure.fault);

    const response = await appFetch("/checkout?plan=premium", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: new URLSearchParams({ intent: "hosted" }),
    });

    expect(response.status).toBe(failure.status);
    const html = await response.text();
    expect(textOf(html)).toContain(`Payment Setup Error ${failure.message} Back to pricing`);
    expect(textOf(html)).not.toContain("Payment Failed");
    expect(html).not.toMatch(/sk_test|Stripe\w*Error|at \w+ \(/);
    await expectPlanUnchanged(user, cookie);
  });
});
