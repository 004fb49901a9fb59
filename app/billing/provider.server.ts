import type { UserRecord } from "../db/schema";
import type { PaidPlanId } from "./subscription";

// The payment provider port (ARCHITECTURE.md decision 5). Stripe and the offline simulator
// implement it; routes talk only to this. Neither ever writes subscription state directly in
// response to a browser: Stripe's state arrives through verified webhooks, the simulator's
// through the same mirroring code once a (test) card is accepted.

export interface CheckoutIntent {
  /** Given to the browser, which confirms it with the provider's card form. */
  clientSecret: string;
  /** "payment" charges now; "setup" saves a card for a subscription that starts after a trial. */
  intent: "payment" | "setup";
}

/** An amount in the currency's smallest unit (cents). */
export interface AmountDue {
  amount: number;
  currency: string;
}

export interface CheckoutRequest {
  user: UserRecord;
  plan: PaidPlanId;
  /** The end of the user's own trial when they subscribe to that plan during it: no charge before. */
  trialEnd: Date | null;
  /** Absolute URLs of /payment-success?plan= and /checkout?plan=. */
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  readonly name: "stripe" | "simulated";
  /** An incomplete subscription whose first payment (or card) the browser confirms. */
  createSubscription(request: CheckoutRequest): Promise<CheckoutIntent>;
  /**
   * A payment page hosted by the provider, for browsers without JavaScript; null when the
   * provider's own form already works without it.
   */
  hostedCheckoutUrl(request: CheckoutRequest): Promise<string | null>;
  /**
   * What upgrading to `target` now would charge at once (the prorated difference for the rest of
   * the period), from the provider's own preview of the invoice.
   */
  previewUpgrade(user: UserRecord, target: PaidPlanId, at: Date): Promise<AmountDue>;
  /** Upgrade now (prorated) or downgrade at the end of the billing period. */
  changePlan(user: UserRecord, target: PaidPlanId, action: "upgrade" | "downgrade"): Promise<void>;
  /** Cancel at the end of the billing period; access stays until then. */
  cancel(user: UserRecord): Promise<void>;
  /**
   * End the subscription at once, with no further charge and no refund (the account is being
   * deleted). Nothing happens when the user has none, or it has already ended.
   */
  cancelNow(user: UserRecord): Promise<void>;
  /**
   * Delete the customer record (name, address, cards) at the provider: the account is being
   * deleted. Nothing happens when the user has none, or it is gone already.
   */
  deleteCustomer(user: UserRecord): Promise<void>;
}

/** A provider's refusal that a person can act on (a declined card, a bad request). */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly status = 402,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}
