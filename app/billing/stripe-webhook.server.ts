import Stripe from "stripe";
import { jsonProblem } from "../auth/responses.server";
import type { Database } from "../db/client.server";
import { applySubscriptionSnapshot, findUserByCustomer } from "../models/billing.server";
import { log } from "../observability/log.server";
import { recordPayment } from "./invoices.server";
import { PaymentError } from "./provider.server";
import type { StripeSettings } from "./settings.server";
import { createStripeClient } from "./stripe-client.server";
import { withStripe } from "./stripe-errors.server";
import { idOf, retrieveSubscription, snapshotOf } from "./stripe-subscription.server";

// Stripe's webhook: the only way Stripe's view of a subscription reaches the user's record.
// An event is only a nudge. Whatever it carries, the subscription is read afresh from Stripe
// and that reading is mirrored, so late or reordered deliveries can never bring back an older
// state; applySubscriptionSnapshot then makes each event count once.

/**
 * The subscription an event is about, or null for events this app does not act on. README
 * "Payments (Stripe)" lists the same events for the endpoint's configuration.
 */
function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return event.data.object.id;
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.payment_failed": {
      const subscription = event.data.object.parent?.subscription_details?.subscription;
      return subscription ? idOf(subscription) : null;
    }
    case "checkout.session.completed": {
      const session = event.data.object;
      return session.mode === "subscription" && session.subscription
        ? idOf(session.subscription)
        : null;
    }
    default:
      return null;
  }
}

async function verifiedEvent(request: Request, secret: string): Promise<Stripe.Event | null> {
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return null;
  try {
    return await Stripe.webhooks.constructEventAsync(
      await request.text(),
      signature,
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    return null;
  }
}

/**
 * The subscription as Stripe has it now, or null when Stripe has no such subscription (deleted,
 * or on another Stripe account): asking again would never find it.
 */
function currentSubscription(settings: StripeSettings, id: string) {
  return withStripe("reading a subscription for a webhook", async () => {
    try {
      return await retrieveSubscription(createStripeClient(settings), id);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
      throw error;
    }
  });
}

/**
 * A paid invoice becomes a row of Plan & Billing's list and a receipt e-mail (issue #29 item 5).
 * The signed event's invoice is used as sent: a paid invoice does not change afterwards.
 */
async function recordPaidInvoice(db: Database, invoice: Stripe.Invoice) {
  if (invoice.status !== "paid" || !invoice.amount_paid || !invoice.customer) return;
  const userId =
    invoice.parent?.subscription_details?.metadata?.user_id ||
    (await findUserByCustomer(db, idOf(invoice.customer)))?.id;
  if (!userId) return;
  const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
  await recordPayment(db, {
    id: invoice.id!,
    userId,
    number: invoice.number ?? invoice.id!,
    description: invoice.lines?.data[0]?.description ?? "your subscription",
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    receiptUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
    paidAt: new Date(paidAt * 1000),
  });
}

function ignored() {
  return Response.json({ received: true, ignored: true });
}

export async function handleStripeWebhook(
  request: Request,
  db: Database,
  settings: StripeSettings,
): Promise<Response> {
  const event = await verifiedEvent(request, settings.STRIPE_WEBHOOK_SECRET);
  if (!event) return jsonProblem(400, "The Stripe-Signature header is missing or does not match.");
  if (event.type === "invoice.paid" || event.type === "invoice.payment_succeeded") {
    await recordPaidInvoice(db, event.data.object);
  }
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return ignored();

  let subscription: Stripe.Subscription | null;
  try {
    subscription = await currentSubscription(settings, subscriptionId);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    // Nothing was recorded, so Stripe's retry of this event gets a full second chance.
    return jsonProblem(500, "Stripe could not be asked about this subscription; retry later.");
  }
  if (!subscription) {
    // A 5xx would have Stripe retry for days an event that can never be mirrored.
    log("warn", "stripe_webhook_subscription_missing", {
      eventId: event.id,
      eventType: event.type,
      subscriptionId,
    });
    return ignored();
  }

  const customerId = idOf(subscription.customer);
  const userId =
    subscription.metadata.user_id || (await findUserByCustomer(db, customerId))?.id || null;
  const snapshot = userId
    ? snapshotOf(subscription, { userId, settings, observedAt: new Date() })
    : null;
  if (!snapshot) {
    // Not for a user and plan of this app (another product on the same Stripe account).
    log("warn", "stripe_webhook_subscription_foreign", {
      eventId: event.id,
      subscriptionId: subscription.id,
      customerId,
    });
    return ignored();
  }
  const outcome = await applySubscriptionSnapshot(db, { id: event.id, type: event.type }, snapshot);
  return Response.json({ received: true, outcome });
}
