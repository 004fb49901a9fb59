import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { getSecret } from "../env.server";
import { applySubscriptionSnapshot } from "../models/billing.server";
import { type PlanId, PLANS } from "../plans/catalogue";
import { recordPayment } from "./invoices.server";
import { prorationCents } from "./proration";
import {
  type AmountDue,
  type CheckoutIntent,
  type CheckoutRequest,
  PaymentError,
  type PaymentProvider,
} from "./provider.server";
import { isPaidPlanId, type PaidPlanId, type SubscriptionSnapshot } from "./subscription";
import { testCardDecline } from "./test-card";

// The offline payment provider (ARCHITECTURE.md decision 5): with no Stripe keys outside
// production, checkout takes a test card on this site and the subscription lives here. Its
// changes go through applySubscriptionSnapshot, the same code the Stripe webhook uses.

const SECRET_TTL_MS = 60 * 60 * 1000;
const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

async function sign(payload: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(`simulated-payments:${getSecret()}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

interface SecretClaims {
  userId: string;
  plan: PaidPlanId;
  trialEnd: number | null;
  expires: number;
}

/** A client secret that names its user, plan and trial, and cannot be altered. */
async function issueSecret(claims: SecretClaims): Promise<string> {
  const payload = btoa(JSON.stringify(claims)).replace(/={1,2}$/, "");
  return `sim_secret_${payload}.${await sign(payload)}`;
}

async function readSecret(secret: string, now: Date): Promise<SecretClaims | null> {
  const match = /^sim_secret_([A-Za-z0-9+/]+)\.([0-9a-f]{64})$/.exec(secret);
  if (!match || (await sign(match[1]!)) !== match[2]) return null;
  try {
    const claims = JSON.parse(atob(match[1]!)) as SecretClaims;
    return isPaidPlanId(claims.plan) && claims.expires > now.getTime() ? claims : null;
  } catch {
    return null;
  }
}

/** A simulated charge: recorded and receipted as a Stripe invoice.paid would be. */
function charge(db: Database, userId: string, amount: number, description: string, at: Date) {
  const id = crypto.randomUUID();
  return recordPayment(db, {
    id: `sim_in_${id}`,
    userId,
    number: `TEST-${id.slice(0, 8).toUpperCase()}`,
    description,
    amountPaid: amount,
    currency: "usd",
    receiptUrl: null,
    pdfUrl: null,
    paidAt: at,
  });
}

const monthOf = (plan: PaidPlanId) => `${PLANS[plan].name}, one month`;

function event(type: string) {
  return { id: `sim_evt_${crypto.randomUUID()}`, type };
}

/** The simulated subscription of `user` as it stands, to change one thing about. */
function currentSnapshot(user: UserRecord, now: Date): SubscriptionSnapshot {
  if (!user.stripeSubscriptionId?.startsWith("sim_sub_") || !isPaidPlanId(user.subscriptionPlan)) {
    throw new PaymentError("You have no active subscription to change.", 409);
  }
  return {
    userId: user.id,
    customerId: user.stripeCustomerId,
    subscriptionId: user.stripeSubscriptionId,
    plan: user.subscriptionPlan,
    status: user.subscriptionStatus,
    currentPeriodEnd: user.currentPeriodEnd,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    scheduledPlan: user.scheduledPlan,
    observedAt: now,
  };
}

export class SimulatedProvider implements PaymentProvider {
  readonly name = "simulated";

  constructor(private readonly db: Database) {}

  async createSubscription({ user, plan, trialEnd }: CheckoutRequest): Promise<CheckoutIntent> {
    const clientSecret = await issueSecret({
      userId: user.id,
      plan,
      trialEnd: trialEnd?.getTime() ?? null,
      expires: Date.now() + SECRET_TTL_MS,
    });
    return { clientSecret, intent: trialEnd ? "setup" : "payment" };
  }

  async hostedCheckoutUrl(): Promise<null> {
    // The test card form is a plain HTML form: it works without JavaScript as it is.
    return null;
  }

  /** Takes the test card for a checkout begun with createSubscription. */
  async confirm(user: UserRecord, clientSecret: string, cardNumber: string, now = new Date()) {
    const claims = await readSecret(clientSecret, now);
    if (!claims || claims.userId !== user.id) {
      throw new PaymentError("This payment form has expired. Reload the page and try again.", 400);
    }
    const declined = testCardDecline(cardNumber);
    if (declined) throw new PaymentError(declined);
    await applySubscriptionSnapshot(this.db, event("customer.subscription.created"), {
      userId: user.id,
      customerId: user.stripeCustomerId ?? `sim_cus_${user.id}`,
      subscriptionId: `sim_sub_${crypto.randomUUID()}`,
      plan: claims.plan,
      status: "active",
      currentPeriodEnd: new Date(claims.trialEnd ?? now.getTime() + MONTH_MS),
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      observedAt: now,
    });
    // A checkout during the trial saves the card; the first month is charged when it ends.
    if (claims.trialEnd === null) {
      await charge(this.db, user.id, PLANS[claims.plan].priceCents, monthOf(claims.plan), now);
    }
    return claims.plan;
  }

  /** The same arithmetic as Stripe's proration, over the simulated month that is running. */
  private upgradeCharge(user: UserRecord, target: PaidPlanId, at: Date): number {
    const current = currentSnapshot(user, at);
    const end = current.currentPeriodEnd ?? new Date(at.getTime() + MONTH_MS);
    return prorationCents(
      PLANS[current.plan].priceCents,
      PLANS[target].priceCents,
      { start: new Date(end.getTime() - MONTH_MS), end },
      at,
    );
  }

  async previewUpgrade(user: UserRecord, target: PaidPlanId, at: Date): Promise<AmountDue> {
    return { amount: this.upgradeCharge(user, target, at), currency: "usd" };
  }

  async changePlan(user: UserRecord, target: PaidPlanId, action: "upgrade" | "downgrade") {
    const now = new Date();
    const current = currentSnapshot(user, now);
    if (action === "upgrade") {
      const amount = this.upgradeCharge(user, target, now);
      const description = `the upgrade to ${PLANS[target].name} for the rest of the month`;
      await charge(this.db, user.id, amount, description, now);
    }
    const changed: SubscriptionSnapshot =
      action === "upgrade"
        ? { ...current, plan: target, scheduledPlan: null, cancelAtPeriodEnd: false }
        : { ...current, scheduledPlan: target, cancelAtPeriodEnd: false };
    await applySubscriptionSnapshot(this.db, event("customer.subscription.updated"), changed, now);
  }

  async cancel(user: UserRecord) {
    const now = new Date();
    const current = currentSnapshot(user, now);
    await applySubscriptionSnapshot(
      this.db,
      event("customer.subscription.updated"),
      { ...current, cancelAtPeriodEnd: true, scheduledPlan: null },
      now,
    );
  }

  /** Ends a simulated subscription now; demo accounts' stand-in ids have nothing to end. */
  /** The simulator keeps no customer records: the account's own row is all there is. */
  async deleteCustomer() {}

  async cancelNow(user: UserRecord) {
    if (!user.stripeSubscriptionId?.startsWith("sim_sub_")) return;
    if (user.subscriptionStatus === "canceled") return;
    const now = new Date();
    await applySubscriptionSnapshot(
      this.db,
      event("customer.subscription.deleted"),
      { ...currentSnapshot(user, now), status: "canceled" },
      now,
    );
  }

  /**
   * What Stripe does at the end of a billing period: a cancelled subscription ends, a scheduled
   * downgrade takes effect, anything else renews for another month.
   */
  async endPeriod(user: UserRecord, now = new Date()) {
    const current = currentSnapshot(user, now);
    const next: SubscriptionSnapshot = current.cancelAtPeriodEnd
      ? { ...current, status: "canceled" }
      : {
          ...current,
          plan: renewedPlan(current.plan, current.scheduledPlan),
          scheduledPlan: null,
          currentPeriodEnd: new Date((current.currentPeriodEnd ?? now).getTime() + MONTH_MS),
        };
    await applySubscriptionSnapshot(this.db, event("customer.subscription.updated"), next, now);
    if (next.status !== "canceled") {
      await charge(this.db, user.id, PLANS[next.plan].priceCents, monthOf(next.plan), now);
    }
  }
}

function renewedPlan(plan: PaidPlanId, scheduled: PlanId | null): PaidPlanId {
  return isPaidPlanId(scheduled) ? scheduled : plan;
}
