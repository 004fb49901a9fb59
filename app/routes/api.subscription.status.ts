import { NO_STORE } from "../auth/responses.server";
import { requireApiUser } from "../auth/user.server";
import { subscriptionView } from "../billing/status";
import type { Route } from "./+types/api.subscription.status";

/** GET /api/subscription/status: the plan in effect, trial, next billing date, pending changes. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireApiUser(context);
  return Response.json({ subscription: subscriptionView(user, new Date()) }, { headers: NO_STORE });
}
