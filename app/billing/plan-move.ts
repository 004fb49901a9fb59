import { comparePlans, type PlanId } from "../plans/catalogue";
import {
  effectivePlan,
  hasActiveSubscription,
  hasActiveTrial,
  type PlanState,
} from "../plans/effective";
import { isPaidPlanId, type PaidPlanId } from "./subscription";

// What choosing a plan on the Plan & Billing tab does (spec section 4, plan ordering). Pure;
// the page, its confirmation step and the JSON API all ask this one function.

export type PlanMove =
  | { kind: "current" }
  | { kind: "checkout"; plan: PaidPlanId }
  | { kind: "confirm"; action: "upgrade" | "downgrade"; target: PlanId };

export function planMove(user: PlanState, target: PlanId, now: Date): PlanMove {
  const current = effectivePlan(user, now);
  if (target === current) return { kind: "current" };
  if (hasActiveTrial(user, now)) {
    return isPaidPlanId(target)
      ? { kind: "checkout", plan: target }
      : { kind: "confirm", action: "downgrade", target };
  }
  const upgrade = comparePlans(target, current) > 0;
  if (upgrade && !hasActiveSubscription(user) && isPaidPlanId(target)) {
    return { kind: "checkout", plan: target };
  }
  return { kind: "confirm", action: upgrade ? "upgrade" : "downgrade", target };
}

export const ALREADY_ON_PLAN = "Already on this plan";
