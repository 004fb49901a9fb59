import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import type { Translate } from "../i18n/locale.server";
import type { Membership } from "../models/workspaces.server";
import { can, refusal, type WorkspaceAction } from "../workspaces/roles";

// What every dashboard tab's action gets (Team, API, Domains), and the check they all make first.

export interface TabActionContext {
  request: Request;
  db: Database;
  user: UserRecord;
  membership: Membership;
  form: FormData;
  /** The request's language, for the toasts and refusals the tab shows. */
  t: Translate;
}

/**
 * Each tab's form names the workspace it was shown for: after a switch in another browser tab, a
 * stale page must not act on the workspace chosen since. The refusal, back on `tab`; else null.
 */
export function staleWorkspaceRefusal(
  ctx: TabActionContext,
  tab: string,
): Promise<Response> | null {
  if (ctx.form.get("workspace") === ctx.membership.workspace.id) return null;
  return redirectWithToast(ctx.request, tab, {
    title: ctx.t("dashboard.toast.staleWorkspace.title"),
    description: ctx.t("dashboard.toast.staleWorkspace.description"),
    variant: "error",
  });
}

/**
 * What a tab's loader says about who may act (the role table's answer, and its refusal) and where
 * an upgrade is found: owners change the plan, others can only compare plans.
 */
export function tabAccess(membership: Membership, action: WorkspaceAction, upgradeLabel: string) {
  const manage = can(membership.role, action);
  return {
    workspaceId: membership.workspace.id,
    manage,
    refusal: manage ? null : refusal(action),
    upgrade:
      membership.role === "owner"
        ? { href: "/dashboard?tab=plans", label: upgradeLabel }
        : { href: "/pricing", label: "Compare plans" },
  };
}
