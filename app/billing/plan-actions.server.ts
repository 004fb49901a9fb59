import { eq } from "drizzle-orm";
import type { Toast } from "../components/toast";
import type { Database } from "../db/client.server";
import { type UserRecord, users } from "../db/schema";
import { PLANS, type PlanId } from "../plans/catalogue";
import { effectivePlan, hasActiveSubscription } from "../plans/effective";
import { recordPlanChange } from "../workspaces/audit.server";
import { getPaymentProvider } from "./payments.server";
import { ALREADY_ON_PLAN, planMove } from "./plan-move";
import { PaymentError } from "./provider.server";
import { isPaidPlanId } from "./subscription";

// Plan changes and cancellation, shared by the dashboard's forms and the JSON API. Every check
// is made here, on the server, whatever the page showed: no call grants a paid plan without a
// payment or a trial.

export type PlanActionResult =
  { ok: true; toast: Toast } | { ok: false; status: number; message: string; checkoutUrl?: string };

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

function periodEnd(user: UserRecord): string {
  return user.currentPeriodEnd ? dateFormat.format(user.currentPeriodEnd) : "the end of the period";
}

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
): Promise<PlanActionResult> {
  const move = planMove(user, target, now);
  if (move.kind === "current") return { ok: false, status: 409, message: ALREADY_ON_PLAN };
  if (move.kind === "checkout") {
    return {
      ok: false,
      status: 402,
      message: `Complete checkout to switch to ${PLANS[move.plan].name}.`,
      checkoutUrl: `/checkout?plan=${move.plan}`,
    };
  }
  if (action && action !== move.action) {
    return {
      ok: false,
      status: 409,
      message: `${PLANS[target].name} is ${move.action === "upgrade" ? "an upgrade" : "a downgrade"} from your current plan.`,
    };
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
    return {
      ok: true,
      toast: {
        title: "Plan Changed Successfully",
        description: "You are on the Free plan now.",
        variant: "success",
      },
    };
  }
  const provider = getPaymentProvider(db);
  const from = effectivePlan(user, now);
  const effective = user.currentPeriodEnd?.toISOString();
  try {
    if (!isPaidPlanId(target)) {
      await provider.cancel(user);
      await recordPlanChange(db, user, { change: "downgrade", from, to: target, effective }, now);
      return {
        ok: true,
        toast: {
          title: "Plan Changed Successfully",
          description: `You keep ${PLANS[user.subscriptionPlan].name} until ${periodEnd(user)}, then move to Free.`,
          variant: "success",
        },
      };
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
  return {
    ok: true,
    toast:
      move.action === "upgrade"
        ? {
            title: "Plan Upgraded!",
            description: `You are on ${PLANS[target].name} now; the difference for this period is charged pro rata.`,
            variant: "success",
          }
        : {
            title: "Plan Changed Successfully",
            description: `You keep ${PLANS[user.subscriptionPlan].name} until ${periodEnd(user)}, then move to ${PLANS[target].name}.`,
            variant: "success",
          },
  };
}

/** Cancels at the end of the billing period; offered only with an active paid subscription. */
export async function cancelSubscription(
  db: Database,
  user: UserRecord,
  now = new Date(),
): Promise<PlanActionResult> {
  if (!hasActiveSubscription(user)) {
    return { ok: false, status: 409, message: "You have no active paid subscription to cancel." };
  }
  if (user.cancelAtPeriodEnd) {
    return {
      ok: false,
      status: 409,
      message: `Your subscription already ends on ${periodEnd(user)}.`,
    };
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
  return {
    ok: true,
    toast: {
      title: "Subscription Cancelled",
      description: `You keep ${PLANS[user.subscriptionPlan].name} until ${periodEnd(user)}.`,
      variant: "success",
    },
  };
}
