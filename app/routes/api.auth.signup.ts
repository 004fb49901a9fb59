import { AuthFailure, authenticateJson } from "../auth/accounts.server";
import {
  authFailureResponse,
  jsonProblem,
  NO_STORE,
  readJsonObject,
} from "../auth/responses.server";
import { startSession } from "../auth/session.server";
import { toClientUser } from "../models/users.server";
import type { Route } from "./+types/api.auth.signup";

export function loader() {
  return jsonProblem(405, "Use POST to create an account.");
}

export async function action({ request }: Route.ActionArgs) {
  const body = await readJsonObject(request);
  try {
    const { user } = await authenticateJson("signup", request, body);
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", await startSession(request, user.id));
    return Response.json(toClientUser(user), { status: 201, headers });
  } catch (error) {
    if (error instanceof AuthFailure) return authFailureResponse(error);
    throw error;
  }
}
