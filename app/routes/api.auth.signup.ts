import { passwordApiAction } from "../auth/password-action.server";
import { jsonProblem } from "../auth/responses.server";
import type { Route } from "./+types/api.auth.signup";

export function loader() {
  return jsonProblem(405, "Use POST to create an account.");
}

export function action({ request }: Route.ActionArgs) {
  return passwordApiAction("signup", request);
}
