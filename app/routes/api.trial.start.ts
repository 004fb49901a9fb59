import { jsonProblem, NO_STORE, readJsonObject } from "../auth/responses.server";
import { getUser } from "../auth/user.server";
import { isPaidPlanId } from "../billing/subscription";
import { startTrial } from "../billing/trial.server";
import { createDatabase } from "../db/client.server";
import { toClientUser } from "../models/users.server";
import type { Route } from "./+types/api.trial.start";

export function loader() {
  return jsonProblem(405, "Use POST to start a trial.");
}

/** POST /api/trial/start {plan}: the one 7-day trial of an account (spec section 7). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getUser(context);
  if (!user) {
    return jsonProblem(401, "Please sign in to start your free trial", { code: "UNAUTHORIZED" });
  }
  const { plan } = await readJsonObject(request);
  if (!isPaidPlanId(plan))
    return jsonProblem(400, "Choose a plan with a trial: premium or ultimate.");
  const result = await startTrial(createDatabase(), user, plan);
  if (!result.ok) return jsonProblem(result.status, result.message);
  return Response.json({ user: toClientUser(result.user) }, { headers: NO_STORE });
}
