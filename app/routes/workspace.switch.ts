import { redirect } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { safeRedirectPath } from "../auth/redirect";
import { requireUser } from "../auth/user.server";
import { createDatabase } from "../db/client.server";
import { getT } from "../i18n/locale.server";
import { findMembership } from "../models/workspaces.server";
import { chooseWorkspace } from "../workspaces/current.server";
import type { Route } from "./+types/workspace.switch";

/** POST /workspace/switch: act in another workspace the person belongs to (the user menu). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const workspaceId = String(form.get("workspace") ?? "");
  const back = safeRedirectPath(form.get("redirect"), "/dashboard");
  const membership = workspaceId
    ? await findMembership(createDatabase(), user.id, workspaceId)
    : null;
  const t = await getT(context);
  if (!membership) {
    return redirectWithToast(request, back, {
      title: t("team.switch.unavailable"),
      description: t("team.switch.unavailableText"),
      variant: "error",
    });
  }
  return redirectWithToast(
    request,
    back,
    { title: t("team.switch.done", { name: membership.label }), variant: "success" },
    [await chooseWorkspace(request, membership.workspace.id)],
  );
}

export function loader() {
  return redirect("/dashboard");
}
