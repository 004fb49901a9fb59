import { jsonProblem } from "../auth/responses.server";
import { createDatabase } from "../db/client.server";
import { finishPasskeySignIn, startPasskeySignIn } from "../security/passkey-sign-in.server";
import type { Route } from "./+types/signin.passkey";

// POST /signin/passkey/options and /signin/passkey/verify (issue #31): "Sign in with a passkey"
// on /auth and /signin. JSON in and out; cross-site posts never get here (the CSRF guard).

export function loader() {
  return jsonProblem(405, "Use POST to sign in with a passkey.");
}

export function action({ request, params }: Route.ActionArgs) {
  const db = createDatabase();
  if (params.step === "options") return startPasskeySignIn(request, db);
  if (params.step === "verify") return finishPasskeySignIn(request, db);
  return jsonProblem(404, "Not found", { code: "NOT_FOUND" });
}
