import { getUser } from "../auth/user.server";
import { jsonProblem, NO_STORE } from "../auth/responses.server";
import { toClientUser } from "../models/users.server";
import type { Route } from "./+types/api.auth.user";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  if (!user) return jsonProblem(401, "Authentication required", { code: "UNAUTHORIZED" });
  return Response.json(toClientUser(user), { headers: NO_STORE });
}
