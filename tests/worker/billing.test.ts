import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cookieFrom, postJson, signUp } from "./accounts";
import { appFetch, ORIGIN } from "./app";

// Plans, trials and payments through the whole app, on the simulated provider (no Stripe keys
// in this project's configuration).

const DAY = 24 * 60 * 60 * 1000;

function postForm(path: string, fields: Record<string, string>, cookie: string) {
  return appFetch(path, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

async function status(cookie: string) {
  const response = await appFetch("/api/subscription/status", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  const body = await response.json<{
    subscription: {
      plan: string;
      hasActiveSubscription: boolean;
      nextBillingDate: string | null;
      cancelAtPeriodEnd: boolean;
      scheduledPlan: string | null;
      isTrialActive: boolean;
    };
  }>();
  return body.subscription;
}

async function userRow(email: string) {
  return env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<{
    id: string;
    subscription_plan: string;
    subscription_status: string;
    stripe_subscription_id: string | null;
    trial_start_date: number | null;
    trial_end_date: number | null;
    is_trial_active: number;
  }>();
}

async function clientSecret(cookie: string, plan = "premium") {
  const response = await postJson("/api/create-subscription", { plan }, { cookie });
  expect(response.status).toBe(200);
  const body = await response.json<{ clientSecret: string; hasActiveSubscription: boolean }>();
  expect(body.hasActiveSubscription).toBe(false);
  return body.clientSecret;
}

function pay(cookie: string, plan: string, secret: string, cardNumber = "4242424242424242") {
  return postForm(
    `/checkout?plan=${plan}`,
    { intent: "pay", clientSecret: secret, cardNumber, expiry: "12/34", cvc: "123" },
    cookie,
  );
}

async function billingEventCount() {
  return (await env.DB.prepare("SELECT count(*) AS n FROM billing_events").first<{ n: number }>())!
    .n;
}

/** A free user who pays for `plan` with the test card. */
async function subscriber(plan = "premium") {
  const { person, cookie } = await signUp();
  const paid = await pay(cookie, plan, await clientSecret(cookie, plan));
  expect(paid.status).toBe(303);
  expect(paid.headers.get("Location")).toBe(`/payment-success?plan=${plan}`);
  return { person, cookie };
}

describe("trials", () => {
  it("start once per account, ever", async () => {
    const { person, cookie } = await signUp();
    const before = await appFetch("/api/trial/status", { headers: { Cookie: cookie } });
    expect(await before.json()).toMatchObject({ hasUsedTrial: false, isTrialActive: false });

    const started = await postJson("/api/trial/start", { plan: "premium" }, { cookie });
    expect(started.status).toBe(200);
    const row = await userRow(person.email);
    expect(row).toMatchObject({ subscription_plan: "premium", is_trial_active: 1 });
    expect(row!.trial_end_date! - row!.trial_start_date!).toBe(7 * DAY);
    expect(await status(cookie)).toMatchObject({ plan: "premium", isTrialActive: true });

    const again = await postJson("/api/trial/start", { plan: "ultimate" }, { cookie });
    expect(again.status).toBe(409);
    expect((await again.json<{ message: string }>()).message).toContain("Trial already used");
    expect((await userRow(person.email))!.subscription_plan).toBe("premium");
  });

  it("cannot be started twice by simultaneous requests", async () => {
    const { cookie } = await signUp();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        postJson("/api/trial/start", { plan: "premium" }, { cookie }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it("needs sign-in and a paid plan", async () => {
    const visitor = await postJson("/api/trial/start", { plan: "premium" });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({
      message: "Please sign in to start your free trial",
    });
    const { cookie } = await signUp();
    const free = await postJson("/api/trial/start", { plan: "free" }, { cookie });
    expect(free.status).toBe(400);
  });

  it("end: the plan in effect is free afterwards, unless a paid subscription is active", async () => {
    const { person, cookie } = await signUp();
    await postJson("/api/trial/start", { plan: "premium" }, { cookie });
    const ended = Date.now() - DAY;
    await env.DB.prepare(
      "UPDATE users SET trial_start_date = ?, trial_end_date = ? WHERE email = ?",
    )
      .bind(ended - 7 * DAY, ended, person.email)
      .run();
    expect(await status(cookie)).toMatchObject({ plan: "free", isTrialActive: false });
    // The upgrade button and the banner say so too.
    const home = await (await appFetch("/", { headers: { Cookie: cookie } })).text();
    expect(home).toContain("Trial Expired");
    expect(home).toContain("Upgrade Now");

    const paying = await subscriber();
    await env.DB.prepare(
      "UPDATE users SET trial_start_date = ?, trial_end_date = ?, is_trial_active = 1 WHERE email = ?",
    )
      .bind(ended - 7 * DAY, ended, paying.person.email)
      .run();
    expect(await status(paying.cookie)).toMatchObject({
      plan: "premium",
      hasActiveSubscription: true,
    });
  });
});

describe("checkout with the simulated provider", () => {
  it("charges a free user now and makes them premium with a next billing date a month on", async () => {
    const { person, cookie } = await subscriber("premium");
    const subscription = await status(cookie);
    expect(subscription).toMatchObject({ plan: "premium", hasActiveSubscription: true });
    const days = (Date.parse(subscription.nextBillingDate!) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect((await userRow(person.email))!.stripe_subscription_id).toMatch(/^sim_sub_/);
  });

  it("bills a trial user when the trial ends, not before", async () => {
    const { cookie } = await signUp();
    await postJson("/api/trial/start", { plan: "ultimate" }, { cookie });
    const response = await postJson("/api/create-subscription", { plan: "ultimate" }, { cookie });
    expect(await response.json()).toMatchObject({ intent: "setup" });
    const trialEnd = (await (
      await appFetch("/api/trial/status", { headers: { Cookie: cookie } })
    ).json<{ trialEndDate: string }>())!.trialEndDate;
    await pay(cookie, "ultimate", await clientSecret(cookie, "ultimate"));
    expect((await status(cookie)).nextBillingDate).toBe(trialEnd);
  });

  it("refuses a declined card with the provider's message and records nothing", async () => {
    const { person, cookie } = await signUp();
    const events = await billingEventCount();
    const response = await pay(cookie, "premium", await clientSecret(cookie), "4000000000000002");
    expect(response.status).toBe(402);
    expect(await response.text()).toContain("Your card was declined.");
    expect(await billingEventCount()).toBe(events);
    expect((await userRow(person.email))!.subscription_plan).toBe("free");
  });

  it("checks the card form and says what is wrong", async () => {
    const { cookie } = await signUp();
    const response = await postForm(
      "/checkout?plan=premium",
      {
        intent: "pay",
        clientSecret: await clientSecret(cookie),
        cardNumber: "4242 4242 4242 4241",
        expiry: "01/20",
        cvc: "1",
      },
      cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your card number is invalid.");
    expect(html).toContain("Enter a future expiry date as MM/YY.");
  });

  it("sends someone who already pays to the dashboard instead of charging twice", async () => {
    const { cookie } = await subscriber();
    const api = await postJson("/api/create-subscription", { plan: "ultimate" }, { cookie });
    expect(await api.json()).toMatchObject({
      hasActiveSubscription: true,
      message: expect.stringContaining("already have an active subscription"),
    });
    const page = await appFetch("/checkout?plan=ultimate", { headers: { Cookie: cookie } });
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe("/dashboard?tab=plans");
    expect(cookieFrom(page, "qr_flash")).not.toBeNull();
  });
});

describe("no call grants a paid plan without a payment or a trial", () => {
  it("refuses every shortcut a free user might try", async () => {
    const { person, cookie } = await signUp();
    const attempts = await Promise.all([
      postJson("/api/subscription/upgrade", { plan: "premium" }, { cookie }),
      postJson(
        "/api/subscription/change",
        { targetPlan: "ultimate", action: "upgrade" },
        { cookie },
      ),
      postJson(
        "/api/subscription/change",
        { targetPlan: "premium", action: "downgrade" },
        { cookie },
      ),
      postJson("/api/subscription/cancel", {}, { cookie }),
      postForm(
        "/dashboard?tab=plans",
        { intent: "change", target: "premium", action: "upgrade" },
        cookie,
      ),
    ]);
    expect(attempts.map((r) => r.status)).toEqual([402, 402, 402, 409, 303]);
    expect(await attempts[0]!.json()).toMatchObject({ checkoutUrl: "/checkout?plan=premium" });
    expect(attempts[4]!.headers.get("Location")).toBe("/checkout?plan=premium");
    expect((await userRow(person.email))!.subscription_plan).toBe("free");
    expect((await status(cookie)).plan).toBe("free");
  });

  it("refuses a client secret that belongs to someone else or was altered", async () => {
    const alice = await signUp();
    const mallory = await signUp();
    const alicesSecret = await clientSecret(alice.cookie, "ultimate");
    const stolen = await pay(mallory.cookie, "ultimate", alicesSecret);
    expect(stolen.status).toBe(400);
    const [payload, mac] = (await clientSecret(mallory.cookie, "premium")).split(".");
    const claims = JSON.parse(atob(payload!.slice("sim_secret_".length)));
    const forged = `sim_secret_${btoa(JSON.stringify({ ...claims, plan: "ultimate" })).replace(/=+$/, "")}.${mac}`;
    const altered = await pay(mallory.cookie, "ultimate", forged);
    expect(altered.status).toBe(400);
    expect((await userRow(mallory.person.email))!.subscription_plan).toBe("free");
  });

  it("needs a signed-in owner for every subscription call", async () => {
    for (const path of [
      "/api/subscription/cancel",
      "/api/subscription/change",
      "/api/create-subscription",
    ]) {
      const response = await postJson(path, { plan: "premium" });
      expect(response.status).toBe(401);
    }
    expect((await appFetch("/api/subscription/status")).status).toBe(401);
  });
});

describe("changing plans", () => {
  it("upgrades now, downgrades at the end of the period, cancels with access until then", async () => {
    const { cookie } = await subscriber("premium");
    const same = await postJson("/api/subscription/upgrade", { plan: "premium" }, { cookie });
    expect(same.status).toBe(409);
    expect(await same.json()).toMatchObject({ message: "Already on this plan" });

    const wrongWay = await postJson(
      "/api/subscription/change",
      { targetPlan: "ultimate", action: "downgrade" },
      { cookie },
    );
    expect(wrongWay.status).toBe(409);

    const up = await postJson("/api/subscription/upgrade", { plan: "ultimate" }, { cookie });
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ title: "Plan Upgraded!" });
    expect(await status(cookie)).toMatchObject({ plan: "ultimate", scheduledPlan: null });

    const down = await postJson(
      "/api/subscription/change",
      { targetPlan: "premium", action: "downgrade" },
      { cookie },
    );
    expect(down.status).toBe(200);
    expect(await status(cookie)).toMatchObject({ plan: "ultimate", scheduledPlan: "premium" });

    const cancel = await postJson("/api/subscription/cancel", {}, { cookie });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ title: "Subscription Cancelled" });
    expect(await status(cookie)).toMatchObject({
      plan: "ultimate",
      cancelAtPeriodEnd: true,
      nextBillingDate: null,
      hasActiveSubscription: true,
    });
    const twice = await postJson("/api/subscription/cancel", {}, { cookie });
    expect(twice.status).toBe(409);
  });

  it("confirms on a page of its own without JavaScript", async () => {
    const { cookie } = await subscriber("premium");
    const page = await appFetch("/dashboard?tab=plans&change=ultimate", {
      headers: { Cookie: cookie },
    });
    const html = await page.text();
    expect(html).toContain("Upgrade to Ultimate?");
    const cancel = await appFetch("/dashboard?tab=plans&cancel=1", { headers: { Cookie: cookie } });
    expect(await cancel.text()).toContain("Cancel your subscription?");
    const done = await postForm("/dashboard?tab=plans", { intent: "cancel" }, cookie);
    expect(done.status).toBe(303);
    expect((await status(cookie)).cancelAtPeriodEnd).toBe(true);
  });
});

describe("the end of a simulated billing period (the nightly cron)", () => {
  const worker = exports.default as unknown as {
    scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<void>;
  };

  async function endPeriodNow(email: string, changes: string) {
    await env.DB.prepare(`UPDATE users SET current_period_end = ?${changes} WHERE email = ?`)
      .bind(Date.now() - 60_000, email)
      .run();
  }

  it("renews, applies a scheduled downgrade, and ends a cancelled subscription", async () => {
    const renewing = await subscriber("premium");
    const downgrading = await subscriber("ultimate");
    const cancelling = await subscriber("premium");
    await endPeriodNow(renewing.person.email, "");
    await endPeriodNow(downgrading.person.email, ", scheduled_plan = 'premium'");
    await endPeriodNow(cancelling.person.email, ", cancel_at_period_end = 1");

    await worker.scheduled({ scheduledTime: Date.now(), cron: "17 3 * * *" });

    const renewed = await status(renewing.cookie);
    expect(renewed).toMatchObject({ plan: "premium", hasActiveSubscription: true });
    expect(Date.parse(renewed.nextBillingDate!) - Date.now()).toBeGreaterThan(29 * DAY);
    expect(await status(downgrading.cookie)).toMatchObject({
      plan: "premium",
      scheduledPlan: null,
      hasActiveSubscription: true,
    });
    expect(await status(cancelling.cookie)).toMatchObject({
      plan: "free",
      hasActiveSubscription: false,
    });
    expect(await userRow(cancelling.person.email)).toMatchObject({
      subscription_plan: "free",
      subscription_status: "canceled",
    });
  });
});
