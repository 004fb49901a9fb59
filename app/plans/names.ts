import type { PlanId } from "../db/schema";

export const PLAN_NAMES: Record<PlanId, string> = {
  free: "Free",
  premium: "Premium",
  ultimate: "Ultimate",
};
