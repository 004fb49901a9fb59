import { env } from "cloudflare:workers";
import { z } from "zod";
import { getSettings } from "../env.server";

// Which payment provider runs, read and validated once per isolate. With Stripe's keys it is
// Stripe; with none of them, outside production, the offline simulator (ARCHITECTURE.md
// decision 5); half a configuration, or none in production, is a configuration error.

export class PaymentsNotConfiguredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentsNotConfiguredError";
  }
}

const stripeSchema = z.object({
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, "STRIPE_SECRET_KEY must start with sk_ or rk_"),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith("whsec_", "STRIPE_WEBHOOK_SECRET must start with whsec_"),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .startsWith("pk_", "STRIPE_PUBLISHABLE_KEY must start with pk_"),
  STRIPE_PRICE_PREMIUM: z.string().startsWith("price_", "STRIPE_PRICE_PREMIUM must be a price id"),
  STRIPE_PRICE_ULTIMATE: z
    .string()
    .startsWith("price_", "STRIPE_PRICE_ULTIMATE must be a price id"),
  /** Only the tests set it, to a local stand-in for Stripe's API. */
  STRIPE_API_BASE: z.url().optional(),
});

export type StripeSettings = z.infer<typeof stripeSchema>;

export type PaymentSettings =
  { provider: "stripe"; stripe: StripeSettings } | { provider: "simulated" };

const STRIPE_KEYS = Object.keys(stripeSchema.shape) as (keyof StripeSettings)[];

let cached: PaymentSettings | undefined;

export function getPaymentSettings(): PaymentSettings {
  if (cached) return cached;
  const raw = Object.fromEntries(
    STRIPE_KEYS.map((key) => [
      key,
      (env as unknown as Record<string, string | undefined>)[key] || undefined,
    ]),
  );
  if (!raw.STRIPE_SECRET_KEY) {
    if (getSettings().ENVIRONMENT === "production") {
      throw new PaymentsNotConfiguredError(
        "Payments are not configured: set STRIPE_SECRET_KEY and the other STRIPE_ settings. The simulated provider never runs in production.",
      );
    }
    return (cached = { provider: "simulated" });
  }
  const parsed = stripeSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.code === "invalid_type" ? `${issue.path.join(".")} is not set` : issue.message,
    );
    throw new PaymentsNotConfiguredError(`Stripe is half configured: ${problems.join("; ")}.`);
  }
  return (cached = { provider: "stripe", stripe: parsed.data });
}
