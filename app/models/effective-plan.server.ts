import { type SQL, sql } from "drizzle-orm";
import { users } from "../db/schema";
import type { PlanId } from "../plans/catalogue";

// app/plans/effective.ts as SQL over the `users` table, for statements that must decide the plan
// of many users at once (the nightly jobs) instead of loading every user into the Worker.
// tests/worker/effective-plan-sql.test.ts holds both to the same answer for every state.

/** hasActiveSubscription(): a paid subscription the payment provider reports as active. */
export function hasActiveSubscriptionSql(): SQL<boolean> {
  return sql`(${users.stripeSubscriptionId} IS NOT NULL AND ${users.subscriptionStatus} = 'active')`;
}

/**
 * effectivePlan() at `now`. A NULL trial date makes its comparison NULL, never true, just as
 * the TypeScript requires both dates to be set.
 */
export function effectivePlanSql(now: Date): SQL<PlanId> {
  const at = now.getTime();
  return sql`(CASE
    WHEN ${users.subscriptionPlan} = 'free' THEN 'free'
    WHEN ${users.isTrialActive} = 1 AND ${users.trialStartDate} <= ${at} AND ${at} < ${users.trialEndDate}
      THEN ${users.subscriptionPlan}
    WHEN ${hasActiveSubscriptionSql()} THEN ${users.subscriptionPlan}
    ELSE 'free' END)`;
}
