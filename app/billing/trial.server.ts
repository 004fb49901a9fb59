import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type UserRecord, users } from "../db/schema";
import { hasActiveSubscription, hasUsedTrial, trialWindow } from "../plans/effective";
import { recordPlanChange } from "../workspaces/audit.server";
import type { PaidPlanId } from "./subscription";

export const TRIAL_ALREADY_USED = "Trial already used";

export type TrialResult =
  { ok: true; user: UserRecord } | { ok: false; status: 409; message: string };

/**
 * Starts the one 7-day trial a user ever gets. The check and the write are one conditional
 * statement, so two clicks at once cannot start two trials.
 */
export async function startTrial(
  db: Database,
  user: UserRecord,
  plan: PaidPlanId,
  now = new Date(),
): Promise<TrialResult> {
  if (hasActiveSubscription(user)) {
    return {
      ok: false,
      status: 409,
      message: "You already have an active subscription. Change plans from your dashboard.",
    };
  }
  const alreadyUsed = {
    ok: false,
    status: 409,
    message: `${TRIAL_ALREADY_USED}: each account has one free trial. Upgrade to continue with premium features.`,
  } as const;
  if (hasUsedTrial(user)) return alreadyUsed;
  const { start, end } = trialWindow(now);
  const [updated] = await db
    .update(users)
    .set({
      subscriptionPlan: plan,
      isTrialActive: true,
      trialStartDate: start,
      trialEndDate: end,
      updatedAt: now,
    })
    .where(and(eq(users.id, user.id), isNull(users.trialStartDate)))
    .returning();
  if (!updated) return alreadyUsed;
  await recordPlanChange(db, user, { change: "trial", from: "free", to: plan }, now);
  return { ok: true, user: updated };
}
