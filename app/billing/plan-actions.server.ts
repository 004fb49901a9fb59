import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type UserRecord, users } from "../db/schema";
import { PLANS, type PlanId } from "../plans/catalogue";
import { effectivePlan, hasActiveSubscription } from "../plans/effective";
import type { Phrased } from "../i18n/phrase";
import { recordPlanChange } from "../workspaces/audit.server";
import { getPaymentProvider } from "./payments.server";
import { planMove } from "./plan-move";
import {
  alreadyEnds,
  alreadyOnPlan,
  cancelled,
  movesAtPeriodEnd,
  nothingToCancel,
  onFreeNow,
  type Period,
  type SaidToast,
  upgraded,
  wrongDirection,
} from "./plan-outcomes";
import { PaymentError } from "./provider.server";
import { isPaidPlanId } from "./subscription";

// Plan changes and cancellation, shared by the dashboard's forms and the JSON API. Every check
// is made here, on the server, whatever the page showed: no call grants a paid plan without a
// payment or a trial. The toast and the refusal are English, as the JSON API answers; their
// phrases say them on the dashboard in its language (issue #32), with dates written in `locale`.

export type PlanActionResult =
  ({ ok: true } & SaidToast) | ({ ok: false; status: number; checkoutUrl?: string } & Phrased);

/** The subscription's plan and period, as the outcomes' words need them. */
const periodOf = (user: UserRecord): Period => ({
  plan: user.subscriptionPlan,
  end: user.currentPeriodEnd,
});

function failure(error: unknown): PlanActionResult {
  if (error instanceof PaymentError) {
    return { ok: false, status: error.status, message: error.message };
  }
  throw error;
}

/**
 * Moves the user to `target`. `action`, when the caller names one, must be what the move is
 * (an upgrade is not a downgrade); an upgrade without a paid subscription goes through checkout.
 */
export async function changePlan(
  db: Database,
  user: UserRecord,
  target: PlanId,
  action: "upgrade" | "downgrade" | null,
  now = new Date(),
  /** The language of the page asking, for the phrases' dates. */
  locale = "en",
): Promise<PlanActionResult> {
  const move = planMove(user, target, now);
  if (move.kind === "current") return { ok: false, status: 409, ...alreadyOnPlan() };
  if (move.kind === "checkout") {
    return {
      ok: false,
      status: 402,
      message: `Complete checkout to switch to ${PLANS[move.plan].name}.`,
      checkoutUrl: `/checkout?plan=${move.plan}`,
    };
  }
  if (action && action !== move.action) {
    return { ok: false, status: 409, ...wrongDirection(target, move.action) };
  }
  if (!hasActiveSubscription(user)) {
    // Only a trial can be here (planMove sends other upgrades to checkout): leaving it for Free
    // ends it now, as there is nothing to bill.
    await db.batch([
      db
        .update(users)
        .set({ subscriptionPlan: "free", isTrialActive: false, updatedAt: now })
        .where(eq(users.id, user.id)),
      recordPlanChange(
        db,
        user,
        { change: "downgrade", from: effectivePlan(user, now), to: "free" },
        now,
      ),
    ]);
    return { ok: true, ...onFreeNow() };
  }
  const provider = getPaymentProvider(db);
  const from = effectivePlan(user, now);
  const effective = user.currentPeriodEnd?.toISOString();
  try {
    if (!isPaidPlanId(target)) {
      await provider.cancel(user);
      await recordPlanChange(db, user, { change: "downgrade", from, to: target, effective }, now);
      return { ok: true, ...movesAtPeriodEnd(periodOf(user), target, locale) };
    }
    await provider.changePlan(user, target, move.action);
  } catch (error) {
    return failure(error);
  }
  await recordPlanChange(
    db,
    user,
    move.action === "upgrade"
      ? { change: "upgrade", from, to: target }
      : { change: "downgrade", from, to: target, effective },
    now,
  );
  if (move.action === "upgrade") return { ok: true, ...upgraded(target) };
  return { ok: true, ...movesAtPeriodEnd(periodOf(user), target, locale) };
}

/** Cancels at the end of the billing period; offered only with an active paid subscription. */
export async function cancelSubscription(
  db: Database,
  user: UserRecord,
  now = new Date(),
  /** The language of the page asking, for the phrases' dates. */
  locale = "en",
): Promise<PlanActionResult> {
  if (!hasActiveSubscription(user)) return { ok: false, status: 409, ...nothingToCancel() };
  if (user.cancelAtPeriodEnd) {
    return { ok: false, status: 409, ...alreadyEnds(periodOf(user), locale) };
  }
  try {
    await getPaymentProvider(db).cancel(user);
  } catch (error) {
    return failure(error);
  }
  await recordPlanChange(
    db,
    user,
    {
      change: "cancel",
      from: effectivePlan(user, now),
      to: "free",
      effective: user.currentPeriodEnd?.toISOString(),
    },
    now,
  );
  return { ok: true, ...cancelled(periodOf(user), locale) };
}
