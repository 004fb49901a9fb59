import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { PaidPlanId } from "../../../app/billing/subscription";
import { getPaymentSettings, type StripeSettings } from "../../../app/billing/settings.server";
import { StripeProvider } from "../../../app/billing/stripe.server";
import { createDatabase } from "../../../app/db/client.server";
import { billingEvents, type UserRecord, users } from "../../../app/db/schema";
import { newPerson, signUp } from "../accounts";
import { appFetch, ORIGIN } from "../app";

// People, the app's Stripe provider, signed webhooks and the fake Stripe's state, for the
// tests of the "stripe" project (tests/worker/vitest.config.ts).

export function stripeSettings(): StripeSettings {
  const settings = getPaymentSettings();
  if (settings.provider !== "stripe") throw new Error("this project runs with Stripe configured");
  return settings.stripe;
}

/** The app's Stripe provider; `overrides` stand in for a misconfigured or unlucky deployment. */
export function stripeProvider(overrides: Partial<StripeSettings> = {}) {
  return new StripeProvider(createDatabase(), { ...stripeSettings(), ...overrides });
}

export async function signedUpUser() {
  const { person, cookie } = await signUp(newPerson());
  const user = await createDatabase()
    .select()
    .from(users)
    .where(eq(users.email, person.email))
    .get();
  return { user: user!, cookie };
}

export async function reload(user: UserRecord): Promise<UserRecord> {
  return (await createDatabase().select().from(users).where(eq(users.id, user.id)).get())!;
}

/** The user as the app's own API shows it to them. */
export async function clientUser(cookie: string) {
  const response = await appFetch("/api/auth/user", { headers: { Cookie: cookie } });
  return (await response.json()) as {
    subscriptionPlan: string;
    subscriptionStatus: string;
    stripeSubscriptionId: string | null;
  };
}

export async function billingEventIds(userId: string): Promise<string[]> {
  const rows = await createDatabase()
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.userId, userId));
  return rows.map((row) => row.id);
}

export function checkoutRequest(user: UserRecord, plan: PaidPlanId, trialEnd: Date | null = null) {
  return {
    user,
    plan,
    trialEnd,
    successUrl: `${ORIGIN}/payment-success?plan=${plan}`,
    cancelUrl: `${ORIGIN}/checkout?plan=${plan}`,
  };
}

// --- The fake Stripe's state (tests/fakes/stripe-api.ts) ------------------------------------

/** Stripe never answering (the app's timeout ends the call), or answering its 500 api_error. */
export type StripeFault = "stall" | "outage";

export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  metadata: Record<string, string>;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
  trialEnd: number | null;
  schedule: string | null;
  latestInvoice: string;
  updates: Record<string, unknown>[];
}

export interface FakeSchedule {
  id: string;
  status: string;
  endBehavior: string;
  phases: { start_date: number; end_date: number; items: { price: string }[] }[];
}

async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stripeSettings().STRIPE_API_BASE}/__control${path}`, {
    method: body === undefined ? "GET" : "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake Stripe: ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export const fakeStripe = {
  /** The customer as Stripe holds it; `deleted` once the app deleted it. */
  customer: (id: string) =>
    control<{ id: string; email: string; metadata: Record<string, string>; deleted?: true }>(
      `/customers/${id}`,
    ),
  subscriptionsOf: (customer: string) =>
    control<FakeSubscription[]>(`/customers/${customer}/subscriptions`),
  subscription: (id: string) => control<FakeSubscription>(`/subscriptions/${id}`),
  /**
   * Changes the subscription as Stripe would after a payment, a failure or a renewal; with a
   * `fault`, reading it stalls or fails until the fault is set back to null.
   */
  change: (id: string, patch: Partial<FakeSubscription> & { fault?: StripeFault | null }) =>
    control<FakeSubscription>(`/subscriptions/${id}`, patch),
  /** Starting a subscription for this user, directly or through Checkout, stalls or fails. */
  failCheckoutsOf: (userId: string, fault: StripeFault) =>
    control<unknown>(`/users/${userId}/checkout-fault`, { fault }),
  schedule: (id: string) => control<FakeSchedule>(`/schedules/${id}`),
  /** Stripe charges the subscription: the paid invoice, as invoice.paid carries it. */
  pay: (subscription: string) =>
    control<Record<string, unknown> & { id: string }>(`/subscriptions/${subscription}/pay`, {}),
  checkoutSession: (id: string) =>
    control<{ id: string; params: Record<string, unknown>; subscription: string | null }>(
      `/checkout/sessions/${id}`,
    ),
  /** What Stripe does when the customer pays on the Checkout page. */
  completeCheckout: (id: string) =>
    control<Record<string, unknown>>(`/checkout/sessions/${id}/complete`, {}),
};

// --- Webhooks --------------------------------------------------------------------------------

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  { id = `evt_${crypto.randomUUID().replaceAll("-", "")}`, created = new Date() } = {},
) {
  return {
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(created.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Posts `event` to the webhook as Stripe would, signed with the webhook secret (or not). */
export async function deliver(
  event: ReturnType<typeof stripeEvent>,
  { secret = stripeSettings().STRIPE_WEBHOOK_SECRET, signed = true } = {},
) {
  const payload = JSON.stringify(event);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signed) {
    headers["Stripe-Signature"] = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret,
    });
  }
  return appFetch("/api/stripe/webhook", { method: "POST", headers, body: payload });
}

/** Stripe's report that `subscription` changed, carrying the state it had then. */
export function subscriptionEvent(
  type: "created" | "updated" | "deleted",
  subscription: FakeSubscription,
  options?: { id?: string; created?: Date },
) {
  return stripeEvent(
    `customer.subscription.${type}`,
    {
      id: subscription.id,
      object: "subscription",
      customer: subscription.customer,
      status: subscription.status,
      metadata: subscription.metadata,
    },
    options,
  );
}

/**
 * A user with a paid subscription in good standing: checked out, paid (the fake marks the
 * subscription active as Stripe does once the first invoice is paid), and mirrored by the
 * webhook.
 */
export async function subscribedUser(plan: PaidPlanId) {
  const { user, cookie } = await signedUpUser();
  await stripeProvider().createSubscription(checkoutRequest(user, plan));
  const customer = (await reload(user)).stripeCustomerId!;
  const [created] = await fakeStripe.subscriptionsOf(customer);
  const subscription = await fakeStripe.change(created!.id, { status: "active" });
  const response = await deliver(subscriptionEvent("updated", subscription));
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  return { user: await reload(user), cookie, subscription };
}
