import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import type { Translate } from "../i18n/locale.server";
import type { Membership } from "../models/workspaces.server";
import { can, refusal, type WorkspaceAction } from "../workspaces/roles";
import { chosenLocale, translatorFor } from "../i18n/locale.server";
import { DEFAULT_LOCALE } from "../i18n/locales";

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
 * The message function of a tab's action: the dashboard has no locale prefix, so its language is
 * the account's (else the `lang` cookie's), as getT(context) would resolve it for this request.
 */
export function tabT(ctx: TabActionContext) {
  return translatorFor(chosenLocale(ctx.request, ctx.user) ?? DEFAULT_LOCALE);
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
export function tabAccess(
  membership: Membership,
  action: WorkspaceAction,
  upgradeLabel: string,
  /** The words in the tab's language, where the tab is translated (issue #32). */
  words: { compare: string; refusal: string } = {
    compare: "Compare plans",
    refusal: refusal(action),
  },
) {
  const manage = can(membership.role, action);
  return {
    workspaceId: membership.workspace.id,
    manage,
    refusal: manage ? null : words.refusal,
    upgrade:
      membership.role === "owner"
        ? { href: "/dashboard?tab=plans", label: upgradeLabel }
        : { href: "/pricing", label: words.compare },
  };
}
