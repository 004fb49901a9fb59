import { NO_STORE } from "../auth/responses.server";
import { requireApiUser } from "../auth/user.server";
import { subscriptionView } from "../billing/status";
import type { Route } from "./+types/api.trial.status";

/** GET /api/trial/status: whether this account's one trial was used, and how much is left. */
export async function loader({ context }: Route.LoaderArgs) {
  const view = subscriptionView(await requireApiUser(context), new Date());
  return Response.json(
    {
      hasUsedTrial: view.hasUsedTrial,
      isTrialActive: view.isTrialActive,
      trialDaysLeft: view.trialDaysLeft,
      trialEndDate: view.trialEndDate,
    },
    { headers: NO_STORE },
  );
}
