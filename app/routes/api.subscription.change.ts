import { jsonProblem, readJsonObject } from "../auth/responses.server";
import { requireApiUser } from "../auth/user.server";
import { changePlan } from "../billing/plan-actions.server";
import { billingProblem, planActionResponse } from "../billing/responses.server";
import { createDatabase } from "../db/client.server";
import { isPlanId } from "../plans/catalogue";
import type { Route } from "./+types/api.subscription.change";

export function loader() {
  return jsonProblem(405, "Use POST to change plans.");
}

/**
 * POST /api/subscription/change {targetPlan, action}: upgrade now (prorated) or downgrade at the
 * end of the period. POST /api/subscription/upgrade {plan} is the same with action "upgrade".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireApiUser(context);
  const body = await readJsonObject(request);
  const upgradeOnly = new URL(request.url).pathname === "/api/subscription/upgrade";
  const target = upgradeOnly ? body.plan : body.targetPlan;
  const move = upgradeOnly ? "upgrade" : body.action;
  if (!isPlanId(target)) return jsonProblem(400, "Choose a plan: free, premium or ultimate.");
  if (move !== "upgrade" && move !== "downgrade") {
    return jsonProblem(400, 'Say whether this is an "upgrade" or a "downgrade".');
  }
  try {
    return planActionResponse(await changePlan(createDatabase(), user, target, move));
  } catch (error) {
    return billingProblem(error);
  }
}
