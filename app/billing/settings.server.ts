import { env } from "cloudflare:workers";
import { getSettings } from "../env.server";
import { type PaymentSettings, resolvePaymentSettings } from "./payment-settings";

export { PaymentsNotConfiguredError, type StripeSettings } from "./payment-settings";

let cached: PaymentSettings | undefined;

/** The payment settings of this deployment, read once per isolate. */
export function getPaymentSettings(): PaymentSettings {
  cached ??= resolvePaymentSettings(
    env as unknown as Record<string, string | undefined>,
    getSettings().ENVIRONMENT,
  );
  return cached;
}

/**
 * True when the offline simulator takes the payments (screens then say TEST MODE). Misconfigured
 * payments count as not simulated, so a page that only labels itself never fails over it.
 */
export function isTestMode(): boolean {
  try {
    return getPaymentSettings().provider === "simulated";
  } catch {
    return false;
  }
}
