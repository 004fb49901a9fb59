import { and, eq, isNull, notExists, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { trialAddresses, type UserRecord, users } from "../db/schema";
import { rememberTrial, trialAddressHash } from "../models/trial-addresses.server";
import { hasActiveSubscription, hasUsedTrial, trialWindow } from "../plans/effective";
import { recordPlanChange } from "../workspaces/audit.server";
import type { PaidPlanId } from "./subscription";

export const TRIAL_ALREADY_USED = "Trial already used";

export type TrialResult =
  { ok: true; user: UserRecord } | { ok: false; status: 409; message: string };

/**
 * Starts the one 7-day trial an account, and its address, ever gets. The check and the write
 * are one conditional statement, so two clicks at once cannot start two trials; the address is
 * recorded in the same batch (app/models/trial-addresses.server.ts).
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
    message: `${TRIAL_ALREADY_USED}: each e-mail address has one free trial. Upgrade to continue with premium features.`,
  } as const;
  if (hasUsedTrial(user)) return alreadyUsed;
  // The address may have had its trial on an earlier, deleted account (or before a change of
  // address): the record of addresses decides, in the same statement as the start.
  const addressHash = await trialAddressHash(user.email);
  const { start, end } = trialWindow(now);
  const [[updated]] = await db.batch([
    db
      .update(users)
      .set({
        subscriptionPlan: plan,
        isTrialActive: true,
        trialStartDate: start,
        trialEndDate: end,
        updatedAt: now,
      })
      .where(
        and(
          eq(users.id, user.id),
          isNull(users.trialStartDate),
          notExists(
            db
              .select({ one: sql`1` })
              .from(trialAddresses)
              .where(eq(trialAddresses.addressHash, addressHash)),
          ),
        ),
      )
      .returning(),
    rememberTrial(db, user.id, addressHash),
  ]);
  if (!updated) return alreadyUsed;
  await recordPlanChange(db, user, { change: "trial", from: "free", to: plan }, now);
  return { ok: true, user: updated };
}
