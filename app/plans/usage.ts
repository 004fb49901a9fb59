import { formatPrice, keepTogether, type PlanId, PLANS } from "./catalogue";
import type { PlanText } from "./features";

// The usage slider on /pricing (spec section 4): how many codes a month, which plan suits that,
// and rough savings. Pure, so the server renders the estimate for a submitted form and the
// browser recomputes it live as the slider moves. The figures are estimates and say so.

export const USAGE_MIN = 0;
export const USAGE_MAX = 100;
export const USAGE_DEFAULT = 50;

/** Up to this many codes a month suits Free; up to PREMIUM_UP_TO suits Premium; more, Ultimate. */
export const FREE_UP_TO = 20;
export const PREMIUM_UP_TO = 80;

/**
 * Minutes one code takes by hand (finding a generator, typing the content, checking it scans,
 * exporting and filing it) against here, where the preview is live and the code is saved.
 * Assumptions behind the estimate, shown next to it.
 */
export const MINUTES_BY_HAND = 5;
export const MINUTES_HERE = 1;

/** A whole number in range; anything unreadable is the default, never an error. */
export function parseUsage(value: string | null): number {
  if (value === null || value.trim() === "") return USAGE_DEFAULT;
  const number = Number(value);
  if (!Number.isFinite(number)) return USAGE_DEFAULT;
  return Math.min(USAGE_MAX, Math.max(USAGE_MIN, Math.round(number)));
}

export function suggestedPlan(codesPerMonth: number): PlanId {
  if (codesPerMonth <= FREE_UP_TO) return "free";
  if (codesPerMonth <= PREMIUM_UP_TO) return "premium";
  return "ultimate";
}

export interface UsageEstimate {
  plan: PlanId;
  /** Minutes a month saved against making the codes by hand. */
  minutesSaved: number;
  /** The suggested plan's monthly price spread over the month's codes. */
  centsPerCode: number;
}

export function estimateSavings(codesPerMonth: number): UsageEstimate {
  const plan = suggestedPlan(codesPerMonth);
  const price = PLANS[plan].priceCents;
  return {
    plan,
    minutesSaved: codesPerMonth * (MINUTES_BY_HAND - MINUTES_HERE),
    centsPerCode: Math.round(price / Math.max(1, codesPerMonth)),
  };
}

/** "3 h 20 min", "45 min", "0 min", as a `pricing` message and its values. */
export function formatMinutes(minutes: number): PlanText {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return { id: "pricing.usage.minutes", values: { minutes: rest } };
  return rest === 0
    ? { id: "pricing.usage.hours", values: { hours } }
    : { id: "pricing.usage.hoursMinutes", values: { hours, minutes: rest } };
}

/** "$0.30" for 30 cents, "$0" for nothing: US dollars written the way `locale` writes them. */
export function formatCents(cents: number, locale = "en"): string {
  if (cents === 0) return formatPrice(0, locale);
  return keepTogether(
    new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(cents / 100),
    locale,
  );
}
