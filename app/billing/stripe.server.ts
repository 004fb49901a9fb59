import Stripe from "stripe";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { rememberCustomer } from "../models/billing.server";
import {
  type AmountDue,
  type CheckoutIntent,
  type CheckoutRequest,
  PaymentError,
  type PaymentProvider,
} from "./provider.server";
import type { StripeSettings } from "./settings.server";
import { createStripeClient } from "./stripe-client.server";
import { withStripe } from "./stripe-errors.server";
import { priceIdFor } from "./stripe-prices";
import { pendingSchedule, retrieveSubscription } from "./stripe-subscription.server";
import type { PaidPlanId } from "./subscription";

// The payment provider backed by Stripe (ARCHITECTURE.md decision 5). It asks Stripe for
// changes and never writes the user's subscription state itself: that arrives through the
// verified webhook (stripe-webhook.server.ts), which mirrors what Stripe then reports.

/** Stripe refuses a Checkout trial that ends sooner than 48 hours from now; a margin on top. */
const MIN_CHECKOUT_TRIAL_MS = (48 * 60 + 10) * 60 * 1000;

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** What the browser confirms: the first invoice's payment, or with a trial the card to charge. */
function checkoutIntentOf(subscription: Stripe.Subscription): CheckoutIntent {
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup !== "string" && setup.client_secret) {
    return { clientSecret: setup.client_secret, intent: "setup" };
  }
  const invoice = subscription.latest_invoice;
  const payment = invoice && typeof invoice !== "string" ? invoice.confirmation_secret : null;
  if (payment?.client_secret) return { clientSecret: payment.client_secret, intent: "payment" };
  throw new PaymentError("No client secret received", 502);
}

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Database,
    private readonly settings: StripeSettings,
  ) {
    this.stripe = createStripeClient(settings);
  }

  async createSubscription({ user, plan, trialEnd }: CheckoutRequest): Promise<CheckoutIntent> {
    const customer = await this.customerFor(user);
    const subscription = await withStripe("creating a subscription", () =>
      this.stripe.subscriptions.create({
        customer,
        items: [{ price: priceIdFor(this.settings, plan) }],
        // Stays incomplete until the browser confirms the payment (or the card, with a trial).
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        metadata: { user_id: user.id, plan },
        ...(trialEnd ? { trial_end: unixSeconds(trialEnd) } : {}),
        expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
      }),
    );
    return checkoutIntentOf(subscription);
  }

  async hostedCheckoutUrl({
    user,
    plan,
    trialEnd,
    successUrl,
    cancelUrl,
  }: CheckoutRequest): Promise<string> {
    const customer = await this.customerFor(user);
    // Rather a few hours more of trial than a charge before the trial the user was promised ends.
    const trialEndsAt =
      trialEnd && new Date(Math.max(trialEnd.getTime(), Date.now() + MIN_CHECKOUT_TRIAL_MS));
    const session = await withStripe("starting Stripe Checkout", () =>
      this.stripe.checkout.sessions.create({
        mode: "subscription",
        customer,
        line_items: [{ price: priceIdFor(this.settings, plan), quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        client_reference_id: user.id,
        subscription_data: {
          metadata: { user_id: user.id, plan },
          ...(trialEndsAt ? { trial_end: unixSeconds(trialEndsAt) } : {}),
        },
      }),
    );
    if (!session.url) throw new PaymentError("No checkout page received", 502);
    return session.url;
  }

  async previewUpgrade(user: UserRecord, target: PaidPlanId, at: Date): Promise<AmountDue> {
    const subscription = await this.currentSubscription(user);
    const item = subscription.items.data[0];
    if (!item) throw new PaymentError("Your subscription has no plan to change.", 409);
    const preview = await withStripe("previewing an upgrade", () =>
      this.stripe.invoices.createPreview({
        customer:
          typeof subscription.customer === "string"
            ? subscription.customer
            : subscription.customer.id,
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: item.id, price: priceIdFor(this.settings, target) }],
          // The same proration as changePlan's, computed as of the moment shown.
          proration_behavior: "always_invoice",
          proration_date: Math.floor(at.getTime() / 1000),
        },
      }),
    );
    return { amount: preview.amount_due, currency: preview.currency };
  }

  async changePlan(user: UserRecord, target: PaidPlanId, action: "upgrade" | "downgrade") {
    const subscription = await this.currentSubscription(user);
    await this.releaseSchedule(subscription);
    const price = priceIdFor(this.settings, target);
    const item = subscription.items.data[0];
    if (!item) throw new PaymentError("Your subscription has no plan to change.", 409);
    if (action === "upgrade") {
      await withStripe("upgrading a subscription", () =>
        this.stripe.subscriptions.update(subscription.id, {
          items: [{ id: item.id, price }],
          // The difference is charged now, so an upgrade cannot be used for free until renewal.
          proration_behavior: "always_invoice",
          cancel_at_period_end: false,
          metadata: { plan: target },
        }),
      );
      return;
    }
    await this.scheduleDowngrade(subscription, item, price);
  }

  async cancel(user: UserRecord) {
    const subscription = await this.currentSubscription(user);
    await this.releaseSchedule(subscription);
    await withStripe("cancelling a subscription", () =>
      this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    );
  }

  async cancelNow(user: UserRecord) {
    const subscriptionId = user.stripeSubscriptionId;
    if (!subscriptionId || user.subscriptionStatus === "canceled") return;
    await withStripe("cancelling a subscription at once", async () => {
      try {
        await this.stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Stripe answers "No such subscription" for one that has already ended: a second attempt
        // after a deletion that failed further on, or a cancellation whose webhook is still due.
        if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") return;
        throw error;
      }
    });
  }

  async deleteCustomer(user: UserRecord) {
    const customerId = user.stripeCustomerId;
    if (!customerId) return;
    await withStripe("deleting a customer", async () => {
      try {
        await this.stripe.customers.del(customerId);
      } catch (error) {
        // Deleted already: a second attempt after a deletion that failed further on.
        if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") return;
        throw error;
      }
    });
  }

  /**
   * The Stripe way to change plan at the period end: a schedule whose current phase keeps
   * today's price until the period ends and whose next phase has the lower one. Releasing the
   * schedule afterwards leaves the subscription renewing on the lower price by itself.
   */
  private async scheduleDowngrade(
    subscription: Stripe.Subscription,
    item: Stripe.SubscriptionItem,
    price: string,
  ) {
    if (subscription.cancel_at_period_end) {
      // Choosing a plan for next month withdraws a pending cancellation.
      await withStripe("withdrawing a cancellation", () =>
        this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }),
      );
    }
    const schedule = await withStripe("scheduling a downgrade", () =>
      this.stripe.subscriptionSchedules.create({ from_subscription: subscription.id }),
    );
    const current = schedule.phases[0];
    if (!current) throw new PaymentError("Stripe returned a schedule without phases.", 502);
    await withStripe("scheduling a downgrade", () =>
      this.stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: "release",
        phases: [
          {
            items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
            start_date: current.start_date,
            end_date: current.end_date,
          },
          {
            items: [{ price, quantity: 1 }],
            duration: { interval: "month", interval_count: 1 },
          },
        ],
      }),
    );
  }

  /** A schedule left by an earlier downgrade would otherwise undo this change. */
  private async releaseSchedule(subscription: Stripe.Subscription) {
    const schedule = pendingSchedule(subscription);
    if (!schedule) return;
    await withStripe("releasing a schedule", () =>
      this.stripe.subscriptionSchedules.release(schedule.id),
    );
  }

  private async currentSubscription(user: UserRecord): Promise<Stripe.Subscription> {
    const subscriptionId = user.stripeSubscriptionId;
    if (!subscriptionId) {
      throw new PaymentError("You have no active subscription to change.", 409);
    }
    return withStripe("reading a subscription", () =>
      retrieveSubscription(this.stripe, subscriptionId),
    );
  }

  /** The user's Stripe customer, created (and remembered) on their first checkout. */
  private async customerFor(user: UserRecord): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await withStripe("creating a customer", () =>
      this.stripe.customers.create({ email: user.email, metadata: { user_id: user.id } }),
    );
    await rememberCustomer(this.db, user.id, customer.id);
    return customer.id;
  }
}
