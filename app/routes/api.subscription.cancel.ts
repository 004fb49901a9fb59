import { jsonProblem } from "../auth/responses.server";
import { requireApiUser } from "../auth/user.server";
import { cancelSubscription } from "../billing/plan-actions.server";
import { billingProblem, planActionResponse } from "../billing/responses.server";
import { createDatabase } from "../db/client.server";
import type { Route } from "./+types/api.subscription.cancel";

export function loader() {
  return jsonProblem(405, "Use POST to cancel.");
}

/** POST /api/subscription/cancel: ends the paid subscription at the end of its period. */
export async function action({ context }: Route.ActionArgs) {
  const user = await requireApiUser(context);
  try {
    return planActionResponse(await cancelSubscription(createDatabase(), user));
  } catch (error) {
    return billingProblem(error);
  }
}
