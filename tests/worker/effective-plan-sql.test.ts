import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { users } from "../../app/db/schema";
import { effectivePlanSql } from "../../app/models/effective-plan.server";
import { PLAN_IDS } from "../../app/plans/catalogue";
import { effectivePlan } from "../../app/plans/effective";

// The nightly jobs decide plans in SQL; every page decides them in TypeScript. Both must give
// the same answer for every stored state, including the edges of a trial's dates.

const db = createDatabase(env.DB);
const now = new Date("2026-11-23T12:00:00Z");
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("the effective plan in SQL", () => {
  it("agrees with effectivePlan() for every combination of stored plan, trial and subscription", async () => {
    const dates = [null, at(-86_400), at(-1), now, at(1), at(86_400)];
    const rows: (typeof users.$inferInsert)[] = [];
    for (const subscriptionPlan of PLAN_IDS)
      for (const isTrialActive of [false, true])
        for (const trialStartDate of dates)
          for (const trialEndDate of dates)
            for (const stripeSubscriptionId of [null, "sub_1"])
              for (const subscriptionStatus of ["active", "past_due", "canceled"]) {
                const id = crypto.randomUUID();
                rows.push({
                  id,
                  email: `${id}@example.com`,
                  provider: "email",
                  providerId: id,
                  subscriptionPlan,
                  subscriptionStatus,
                  isTrialActive,
                  trialStartDate,
                  trialEndDate,
                  stripeSubscriptionId,
                  createdAt: now,
                  updatedAt: now,
                });
              }
    // One row per statement keeps each insert within D1's 100 bound parameters.
    const [first, ...rest] = rows.map((row) => db.insert(users).values(row));
    await db.batch([first!, ...rest]);

    const stored = await db
      .select({ user: users, sqlPlan: effectivePlanSql(now) })
      .from(users)
      .all();
    expect(stored).toHaveLength(rows.length);
    const disagreements = stored.filter(
      ({ user, sqlPlan }) => sqlPlan !== effectivePlan(user, now),
    );
    expect(disagreements).toEqual([]);
    // The matrix does reach every plan, so agreement is not agreement on "free" alone.
    expect(new Set(stored.map((row) => row.sqlPlan))).toEqual(new Set(PLAN_IDS));
  });
});
