import { AuthFailure, authenticateJson } from "../auth/accounts.server";
import {
  authFailureResponse,
  jsonProblem,
  NO_STORE,
  readJsonObject,
} from "../auth/responses.server";
import { startSession } from "../auth/session.server";
import { toClientUser } from "../models/users.server";
import type { Route } from "./+types/api.auth.signin";

export function loader() {
  return jsonProblem(405, "Use POST to sign in.");
}

export async function action({ request }: Route.ActionArgs) {
  const body = await readJsonObject(request);
  try {
    const { user } = await authenticateJson("signin", request, body);
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", await startSession(request, user.id));
    return Response.json(toClientUser(user), { headers });
  } catch (error) {
    if (error instanceof AuthFailure) return authFailureResponse(error);
    throw error;
  }
}
