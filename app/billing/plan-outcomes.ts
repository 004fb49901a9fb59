import type { Toast } from "../components/toast";
import { type Phrase, phrase, type Phrased } from "../i18n/phrase";
import { PLANS, type PlanId } from "../plans/catalogue";
import { longDate } from "./long-date";
import { ALREADY_ON_PLAN } from "./plan-move";

// What a plan change or cancellation says (plan-actions.server.ts). Pure. The English is what the
// JSON API answers; each carries its phrase, so the dashboard says it in its language (issue
// #32), with the period's end written the way `locale` writes dates.

/** A toast with its title and description as phrases. */
export interface SaidToast {
  toast: Toast;
  said: { title: Phrase; description?: Phrase };
}

/** The subscription a message is about: its plan and when its period ends. */
export interface Period {
  plan: PlanId;
  end: Date | null;
}

const endOf = ({ end }: Period) => (end ? longDate(end) : "the end of the period");

/** The period's end in `locale`; without one (never so with a subscription) no phrase is made. */
function phrased(period: Period, locale: string, id: string, values: Record<string, string>) {
  return period.end ? phrase(id, { ...values, date: longDate(period.end, locale) }) : undefined;
}

const CHANGED = phrase("billing.plan.changed");

export function alreadyOnPlan(): Phrased {
  return { message: ALREADY_ON_PLAN, phrase: phrase("billing.plan.already") };
}

/** The form named a move that is the other way round. */
export function wrongDirection(target: PlanId, move: "upgrade" | "downgrade"): Phrased {
  const upgrade = move === "upgrade";
  return {
    message: `${PLANS[target].name} is ${upgrade ? "an upgrade" : "a downgrade"} from your current plan.`,
    phrase: phrase(upgrade ? "billing.plan.isUpgrade" : "billing.plan.isDowngrade", {
      plan: PLANS[target].name,
    }),
  };
}

/** A trial left for Free. */
export function onFreeNow(): SaidToast {
  return {
    toast: {
      title: "Plan Changed Successfully",
      description: "You are on the Free plan now.",
      variant: "success",
    },
    said: { title: CHANGED, description: phrase("billing.plan.onFree") },
  };
}

/** A downgrade at the period's end. */
export function movesAtPeriodEnd(period: Period, target: PlanId, locale: string): SaidToast {
  const plan = PLANS[period.plan].name;
  const to = PLANS[target].name;
  return {
    toast: {
      title: "Plan Changed Successfully",
      description: `You keep ${plan} until ${endOf(period)}, then move to ${to}.`,
      variant: "success",
    },
    said: {
      title: CHANGED,
      description: phrased(period, locale, "billing.confirm.downgrade.detail", {
        plan,
        target: to,
      }),
    },
  };
}

export function upgraded(target: PlanId): SaidToast {
  return {
    toast: {
      title: "Plan Upgraded!",
      description: `You are on ${PLANS[target].name} now; the difference for this period is charged pro rata.`,
      variant: "success",
    },
    said: {
      title: phrase("billing.plan.upgraded"),
      description: phrase("billing.plan.upgradedDetail", { plan: PLANS[target].name }),
    },
  };
}

export function nothingToCancel(): Phrased {
  return {
    message: "You have no active paid subscription to cancel.",
    phrase: phrase("billing.plan.nothingToCancel"),
  };
}

export function alreadyEnds(period: Period, locale: string): Phrased {
  return {
    message: `Your subscription already ends on ${endOf(period)}.`,
    phrase: phrased(period, locale, "billing.plan.alreadyEnds", {}),
  };
}

export function cancelled(period: Period, locale: string): SaidToast {
  const plan = PLANS[period.plan].name;
  return {
    toast: {
      title: "Subscription Cancelled",
      description: `You keep ${plan} until ${endOf(period)}.`,
      variant: "success",
    },
    said: {
      title: phrase("billing.plan.cancelled"),
      description: phrased(period, locale, "billing.plan.keepUntil", { plan }),
    },
  };
}
