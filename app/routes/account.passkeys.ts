import { jsonProblem } from "../auth/responses.server";
import { requireApiUser } from "../auth/user.server";
import { createDatabase } from "../db/client.server";
import { getT } from "../i18n/locale.server";
import { finishRegistration, startRegistration } from "../security/passkey-account.server";
import type { Route } from "./+types/account.passkeys";

// POST /account/passkeys/options and /account/passkeys/verify (issue #31): adding a passkey
// from /account's Passkeys section. JSON in and out; cross-site posts never get here (the CSRF
// guard of app/entry.worker.ts).

export function loader() {
  return jsonProblem(405, "Use POST to add a passkey.");
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireApiUser(context);
  const db = createDatabase();
  if (params.step === "options") return startRegistration(request, db, user);
  if (params.step === "verify") return finishRegistration(request, db, user, await getT(context));
  return jsonProblem(404, "Not found", { code: "NOT_FOUND" });
}
