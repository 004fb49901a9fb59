import { z } from "../validation/zod";

// Which payment provider runs (ARCHITECTURE.md decision 5). With Stripe's keys it is Stripe; with
// none of them, outside production, the offline simulator; half a configuration, or none in
// production, is a configuration error that names the setting, never its value.

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
  /**
   * How long one call to Stripe may take before it is given up (and retried once); 10 s when
   * unset (stripe-client.server.ts). The tests shorten it, so that a Stripe that never answers
   * costs them seconds, not a test timeout.
   */
  STRIPE_TIMEOUT_MS: z.coerce
    .string()
    .regex(/^[1-9]\d*$/, "STRIPE_TIMEOUT_MS must be a whole number of milliseconds")
    .transform(Number)
    .optional(),
});

export type StripeSettings = z.infer<typeof stripeSchema>;

export type PaymentSettings =
  { provider: "stripe"; stripe: StripeSettings } | { provider: "simulated" };

const STRIPE_KEYS = Object.keys(stripeSchema.shape) as (keyof StripeSettings)[];

/** Pure: the settings for `raw` (the STRIPE_ variables as set) in `environment`. */
export function resolvePaymentSettings(
  raw: Partial<Record<keyof StripeSettings, string | undefined>>,
  environment: string,
): PaymentSettings {
  const given = Object.fromEntries(STRIPE_KEYS.map((key) => [key, raw[key] || undefined]));
  if (!given.STRIPE_SECRET_KEY) {
    if (environment === "production") {
      throw new PaymentsNotConfiguredError(
        "Payments are not configured: set STRIPE_SECRET_KEY and the other STRIPE_ settings. The simulated provider never runs in production.",
      );
    }
    return { provider: "simulated" };
  }
  const parsed = stripeSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.code === "invalid_type" ? `${issue.path.join(".")} is not set` : issue.message,
    );
    throw new PaymentsNotConfiguredError(`Stripe is half configured: ${problems.join("; ")}.`);
  }
  return { provider: "stripe", stripe: parsed.data };
}
