import type { Database } from "../db/client.server";
import type { PaymentProvider } from "./provider.server";
import { getPaymentSettings } from "./settings.server";
import { SimulatedProvider } from "./simulated.server";

/** The configured payment provider; throws PaymentsNotConfiguredError when there is none. */
export function getPaymentProvider(db: Database): PaymentProvider {
  const settings = getPaymentSettings();
  if (settings.provider === "stripe") {
    throw new Error("The Stripe adapter is not wired in yet.");
  }
  return new SimulatedProvider(db);
}
