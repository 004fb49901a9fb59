import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { jsonProblem, jsonWithCookie, readJsonObject, wantsJson } from "../auth/responses.server";
import { startSession } from "../auth/session.server";
import { createDatabase } from "../db/client.server";
import { isPlanId } from "../plans/catalogue";
import { isDemoMode } from "../env.server";
import { demoUser, toClientUser } from "../models/users.server";
import {
  secondStepChallenge,
  secondStepJson,
  secondStepRedirect,
} from "../security/two-factor-sign-in.server";
import type { Route } from "./+types/api.auth.demo";

function notFound() {
  return data(null, { status: 404 });
}

export function loader() {
  if (!isDemoMode()) throw notFound();
  return jsonProblem(405, "Use POST to sign in to a demo account.");
}

/** Signs in to a demo account of the chosen plan; exists only in demo mode (never production). */
export async function action({ request }: Route.ActionArgs) {
  if (!isDemoMode()) throw notFound();
  const json = wantsJson(request);
  const body = json ? await readJsonObject(request) : Object.fromEntries(await request.formData());
  const plan = isPlanId(body.plan) ? body.plan : null;
  if (!plan) return jsonProblem(400, "Choose a plan: free, premium or ultimate.");
  const user = await demoUser(createDatabase(), plan);
  // A demo account with two-factor sign-in on takes the second step too (issue #31).
  const challenge = await secondStepChallenge(request, createDatabase(), user, "/auth-test");
  if (challenge) return json ? secondStepJson(challenge) : secondStepRedirect(challenge);
  const cookie = await startSession(request, user.id, "demo");
  if (!json) {
    return redirectWithToast(
      request,
      "/auth-test",
      { title: "Welcome back!", description: "Signed in to the demo account.", variant: "success" },
      [cookie],
    );
  }
  return jsonWithCookie(toClientUser(user), cookie);
}
