import { redirectWithToast } from "../auth/flash.server";
import { jsonProblem, jsonWithCookie, wantsJson } from "../auth/responses.server";
import { endSession } from "../auth/session.server";
import type { Route } from "./+types/api.auth.logout";

export function loader() {
  return jsonProblem(405, "Use POST to sign out.");
}

/** Deletes the session; a script gets JSON, a form post (no JavaScript) goes home. */
export async function action({ request }: Route.ActionArgs) {
  const cleared = await endSession(request);
  if (wantsJson(request)) return jsonWithCookie({ ok: true }, cleared);
  return redirectWithToast(
    request,
    "/",
    { title: "You have been signed out.", variant: "success" },
    [cleared],
  );
}
