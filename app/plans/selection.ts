import { isPaidPlan, type PlanId } from "./catalogue";
import { effectivePlan, hasActiveSubscription, hasUsedTrial, type PlanState } from "./effective";

// What choosing a plan on /pricing leads to (spec sections 2 and 4). Pure: the route turns the
// outcome into a redirect and, for "trial", starts the trial.

export type PlanChoice =
  /** A visitor: create an account first, with the plan remembered. */
  | { kind: "sign-up" }
  /** Free, chosen by someone on Free: a welcome and off to the generator. */
  | { kind: "welcome" }
  /** The plan in effect now: nothing to do. */
  | { kind: "already" }
  /** A change to an existing paid plan or subscription: the dashboard's plan tab handles it. */
  | { kind: "dashboard" }
  /** A paid plan after the one trial: pay for it. */
  | { kind: "checkout" }
  /** A paid plan, trial not used yet: start it. */
  | { kind: "trial" };

export function choosePlan(user: PlanState | null, plan: PlanId, now: Date): PlanChoice {
  if (!user) return { kind: "sign-up" };
  const current = effectivePlan(user, now);
  if (plan === "free" && current === "free") return { kind: "welcome" };
  if (plan === current) return { kind: "already" };
  // Leaving a paid plan (downgrades wait for the end of the billing period) or switching an
  // active subscription are plan changes, which have their confirmation on the dashboard.
  if (!isPaidPlan(plan) || hasActiveSubscription(user)) return { kind: "dashboard" };
  return hasUsedTrial(user) ? { kind: "checkout" } : { kind: "trial" };
}
