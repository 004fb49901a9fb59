import { redirect } from "react-router";
import { requireUser } from "../auth/user.server";
import { selectionAction } from "../dashboard/code-selection.server";
import { createDatabase } from "../db/client.server";
import { getT } from "../i18n/locale.server";
import { requireMembership } from "../workspaces/current.server";
import type { Route } from "./+types/dashboard.selection";

/** Nothing to show here: the list's forms post to it. */
export function loader() {
  return redirect("/dashboard", 303);
}

/** POST /dashboard/selection: delete, tag, untag or download several codes at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const membership = await requireMembership(request, context);
  const form = await request.formData();
  const t = await getT(context);
  return selectionAction({ request, db: createDatabase(), user, membership, form, t });
}
