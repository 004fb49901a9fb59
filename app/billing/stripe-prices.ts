import type { StripeSettings } from "./settings.server";
import type { PaidPlanId } from "./subscription";

// The two monthly prices in Stripe that stand for this app's paid plans (README "Stripe").

type PriceSettings = Pick<StripeSettings, "STRIPE_PRICE_PREMIUM" | "STRIPE_PRICE_ULTIMATE">;

export function priceIdFor(settings: PriceSettings, plan: PaidPlanId): string {
  return plan === "premium" ? settings.STRIPE_PRICE_PREMIUM : settings.STRIPE_PRICE_ULTIMATE;
}

/** The plan a price stands for, or null for a price this app does not sell. */
export function planForPriceId(settings: PriceSettings, priceId: string): PaidPlanId | null {
  if (priceId === settings.STRIPE_PRICE_PREMIUM) return "premium";
  if (priceId === settings.STRIPE_PRICE_ULTIMATE) return "ultimate";
  return null;
}
