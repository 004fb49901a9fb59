import { type PlanId, PLANS } from "./catalogue";

// How long the nightly purge keeps a code's scans and downloads, by the owner's effective plan.
// Pure: the time is passed in.

/**
 * Days the free plan's scans and downloads are kept although it shows no analytics: a paid plan
 * whose payment lapses falls to free at once, and a payment fixed within a month loses nothing.
 */
export const FREE_ANALYTICS_GRACE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a plan's analytics rows are kept; null for as long as the account exists. */
export function analyticsKeptDays(plan: PlanId): number | null {
  const days = PLANS[plan].capabilities.analyticsRetentionDays;
  return days === 0 ? FREE_ANALYTICS_GRACE_DAYS : days;
}

/** The oldest moment whose analytics rows the plan still keeps at `now`; null: all of them. */
export function analyticsKeptSince(plan: PlanId, now: Date): Date | null {
  const days = analyticsKeptDays(plan);
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}
