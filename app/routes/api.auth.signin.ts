import { passwordApiAction } from "../auth/password-action.server";
import { jsonProblem } from "../auth/responses.server";
import type { Route } from "./+types/api.auth.signin";

export function loader() {
  return jsonProblem(405, "Use POST to sign in.");
}

export function action({ request }: Route.ActionArgs) {
  return passwordApiAction("signin", request);
}
