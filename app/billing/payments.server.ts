import type { Database } from "../db/client.server";
import type { PaymentProvider } from "./provider.server";
import { getPaymentSettings } from "./settings.server";
import { SimulatedProvider } from "./simulated.server";
import { StripeProvider } from "./stripe.server";

/** The configured payment provider; throws PaymentsNotConfiguredError when there is none. */
export function getPaymentProvider(db: Database): PaymentProvider {
  const settings = getPaymentSettings();
  if (settings.provider === "stripe") return new StripeProvider(db, settings.stripe);
  return new SimulatedProvider(db);
}
