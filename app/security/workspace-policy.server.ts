import { and, eq, ne } from "drizzle-orm";
import { redirectWithToast } from "../auth/flash.server";
import { staleWorkspaceRefusal, type TabActionContext } from "../dashboard/tab-action.server";
import type { Database } from "../db/client.server";
import { type UserRecord, workspaces } from "../db/schema";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { recordAudit } from "../workspaces/audit.server";
import { requirePermission, workspacePlan } from "../workspaces/current.server";
import { TEAM_TAB } from "../workspaces/invite.server";
import { can } from "../workspaces/roles";
import { hasSecondFactor } from "./two-factor.server";

// The workspace policy "Require two-factor sign-in" (issue #31, Ultimate). Owners and admins set
// it on the Team tab; members without a second factor are then kept out of the workspace (the
// current workspace is resolved in app/workspaces/current.server.ts) and sent to set one up.
// API keys keep working: they are not sign-ins.

export const POLICY_INTENTS = ["two-factor-policy"] as const;
type PolicyIntent = (typeof POLICY_INTENTS)[number];

export function isPolicyIntent(intent: unknown): intent is PolicyIntent {
  return POLICY_INTENTS.includes(intent as PolicyIntent);
}

// The toasts are made in the page's language (issue #32); the ids live in the account
// catalogues beside the rest of two-factor sign-in.

/** What the Team tab shows of the policy. */
export async function policyView(db: Database, user: UserRecord, membership: Membership) {
  const plan = workspacePlan(membership);
  return {
    requireTwoFactor: membership.workspace.requireTwoFactor,
    canManage: can(membership.role, "security.manage"),
    planAllows: PLANS[plan].capabilities.securityPolicies,
    youHaveIt: await hasSecondFactor(db, user.id),
  };
}

export type PolicyView = Awaited<ReturnType<typeof policyView>>;

export async function policyAction(_intent: PolicyIntent, ctx: TabActionContext) {
  const stale = staleWorkspaceRefusal(ctx, TEAM_TAB);
  if (stale) return stale;
  const { request, db, user, membership, form, t } = ctx;
  requirePermission(membership, "security.manage");
  const refuse = (why: string) =>
    redirectWithToast(request, TEAM_TAB, {
      title: t("account.policy.unchanged"),
      description: t(why),
      variant: "error",
    });
  const required = form.get("requireTwoFactor") === "on";
  if (required) {
    if (!PLANS[workspacePlan(membership)].capabilities.securityPolicies) {
      return refuse("account.policy.needsUltimate");
    }
    if (!(await hasSecondFactor(db, user.id)))
      return refuse("account.policy.needsYourSecondFactor");
  }
  const id = membership.workspace.id;
  const changed = and(eq(workspaces.id, id), ne(workspaces.requireTwoFactor, required));
  // The entry first, on the same condition as the change: the log never tells of a non-change.
  await db.batch([
    recordAudit(
      db,
      {
        workspaceId: id,
        actor: { id: user.id, email: user.email },
        action: required ? "policy.two_factor_required" : "policy.two_factor_not_required",
      },
      { onlyIf: changed },
    ),
    db.update(workspaces).set({ requireTwoFactor: required }).where(changed),
  ]);
  return redirectWithToast(request, TEAM_TAB, {
    title: t(required ? "account.twoFactor.required" : "account.policy.notRequired"),
    description: t(required ? "account.policy.required.text" : "account.policy.notRequired.text"),
    variant: "success",
  });
}
