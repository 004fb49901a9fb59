import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { hasActiveSubscription, hasActiveTrial } from "../plans/effective";
import { getPaymentProvider } from "./payments.server";
import type { CheckoutIntent, CheckoutRequest } from "./provider.server";
import type { PaidPlanId } from "./subscription";

export const ACTIVE_SUBSCRIPTION_MESSAGE =
  "You already have an active subscription. Change plans from your dashboard.";

/**
 * What checkout asks the provider for. Subscribing during one's own trial to the same plan
 * starts billing when the trial ends, not before; any other plan is paid for now.
 */
export function checkoutRequest(
  user: UserRecord,
  plan: PaidPlanId,
  origin: string,
  now = new Date(),
): CheckoutRequest {
  const trialEnd =
    hasActiveTrial(user, now) && user.subscriptionPlan === plan ? user.trialEndDate : null;
  return {
    user,
    plan,
    trialEnd,
    successUrl: `${origin}/payment-success?plan=${plan}`,
    cancelUrl: `${origin}/checkout?plan=${plan}`,
  };
}

export type CheckoutStart =
  | { hasActiveSubscription: true; message: string }
  | ({ hasActiveSubscription: false; provider: "stripe" | "simulated" } & CheckoutIntent);

/** Step 1 of the checkout flow (spec section 4): a subscription whose payment the browser confirms. */
export async function startCheckout(
  db: Database,
  user: UserRecord,
  plan: PaidPlanId,
  origin: string,
): Promise<CheckoutStart> {
  if (hasActiveSubscription(user)) {
    return { hasActiveSubscription: true, message: ACTIVE_SUBSCRIPTION_MESSAGE };
  }
  const provider = getPaymentProvider(db);
  const intent = await provider.createSubscription(checkoutRequest(user, plan, origin));
  return { hasActiveSubscription: false, provider: provider.name, ...intent };
}
