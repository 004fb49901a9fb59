import { and, eq, like, lte } from "drizzle-orm";
import { getPaymentSettings } from "../billing/settings.server";
import { SimulatedProvider } from "../billing/simulated.server";
import type { Database } from "../db/client.server";
import { users } from "../db/schema";

/** Subscriptions ended or renewed per run; the rest wait for the next night. */
export const SIMULATED_RENEWAL_LIMIT = 100;

/**
 * What Stripe does at the end of each billing period, for the offline simulator: cancelled
 * subscriptions end, scheduled downgrades take effect, the rest renew. Does nothing where Stripe
 * runs (its webhooks bring those changes).
 */
export async function endSimulatedPeriods(db: Database, now: Date) {
  if (getPaymentSettings().provider !== "simulated") return { provider: "stripe", ended: 0 };
  const due = await db
    .select()
    .from(users)
    .where(
      and(
        like(users.stripeSubscriptionId, "sim_sub_%"),
        eq(users.subscriptionStatus, "active"),
        lte(users.currentPeriodEnd, now),
      ),
    )
    .limit(SIMULATED_RENEWAL_LIMIT);
  const provider = new SimulatedProvider(db);
  for (const user of due) await provider.endPeriod(user, now);
  return { provider: "simulated", ended: due.length };
}
