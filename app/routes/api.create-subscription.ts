import { jsonProblem, NO_STORE, readJsonObject } from "../auth/responses.server";
import { requireApiUser } from "../auth/user.server";
import { startCheckout } from "../billing/checkout.server";
import { billingProblem } from "../billing/responses.server";
import { isPaidPlanId } from "../billing/subscription";
import { createDatabase } from "../db/client.server";
import type { Route } from "./+types/api.create-subscription";
import { appOrigin } from "../config/app-url.server";

export function loader() {
  return jsonProblem(405, "Use POST to start a subscription.");
}

/**
 * POST /api/create-subscription {plan}: step 1 of checkout. Answers the client secret the
 * browser confirms the payment with, or hasActiveSubscription with a message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireApiUser(context);
  const { plan } = await readJsonObject(request);
  if (!isPaidPlanId(plan)) return jsonProblem(400, "Choose premium or ultimate.");
  try {
    const started = await startCheckout(createDatabase(), user, plan, appOrigin());
    return Response.json(started, { headers: NO_STORE });
  } catch (error) {
    return billingProblem(error);
  }
}
