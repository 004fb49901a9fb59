import { redirect } from "react-router";
import { endSession } from "../auth/session.server";
import type { Route } from "./+types/api.logout";

/** The navigation fallback of the header menu (spec section 7): sign out, then go home. */
export async function loader({ request }: Route.LoaderArgs) {
  return redirect("/", { status: 303, headers: { "Set-Cookie": await endSession(request) } });
}
