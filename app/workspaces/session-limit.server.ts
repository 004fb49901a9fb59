import { eq } from "drizzle-orm";
import { redirectWithToast } from "../auth/flash.server";
import { safeRedirectPath } from "../auth/redirect";
import { jsonProblem, wantsJson } from "../auth/responses.server";
import { readSession, signedInAt } from "../auth/session.server";
import { staleWorkspaceRefusal, type TabActionContext, tabT } from "../dashboard/tab-action.server";
import { workspaces } from "../db/schema";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { recordAudit } from "./audit.server";
import { effectivePlan } from "../plans/effective";
import { data } from "react-router";
import { DEFAULT_LOCALE } from "../i18n/locales";
import { chosenLocale, translatorFor } from "../i18n/locale.server";
import { can, refusal } from "./roles";
import { TEAM_TAB } from "./invite.server";
import {
  SESSION_LIMIT_PLAN,
  SESSION_LIMITS,
  sessionLimitLabel,
  sessionLimitOption,
  signInTooOld,
} from "./session-limit";

// The session-length limit of a workspace (issue #31): set on the Team tab by its owner or an
// admin on Ultimate, enforced where the current workspace is resolved (current.server.ts).
//
// Decision: the limit guards entering that workspace only. A member whose sign-in is older is
// sent to sign in again (back to the page they asked for) by every page that acts in the
// workspace; the rest of the app, the user menu and their other workspaces keep working with
// the same session. The sign-in time survives session rotation (a new password, "sign out
// everywhere else"), so only signing in again makes a session young.

/** Why a page of the workspace refuses the session, and the answer that sends them to sign in. */
export interface WorkspaceRefusal {
  workspaceId: string;
  message: string;
  respond: () => Promise<Response>;
}

export async function sessionLimitRefusal(
  request: Request,
  membership: Membership,
  now = Date.now(),
): Promise<WorkspaceRefusal | null> {
  const limit = membership.workspace.sessionLimitSeconds;
  if (limit === null) return null;
  const session = await readSession(request);
  if (session && !signInTooOld(signedInAt(session), limit, now)) return null;
  const message = `“${membership.label}” asks its members to sign in again after ${sessionLimitLabel(limit)}. Sign in again to continue there.`;
  const url = new URL(request.url);
  const back = safeRedirectPath(url.pathname + url.search, "/dashboard");
  const signIn = `/auth?mode=signin&again=1&redirect=${encodeURIComponent(back)}`;
  return {
    workspaceId: membership.workspace.id,
    message,
    respond: async () =>
      wantsJson(request)
        ? jsonProblem(401, message, { code: "SIGN_IN_AGAIN" })
        : redirectWithToast(request, signIn, signInAgainToast(request, membership, limit)),
  };
}

/**
 * The sign-in page's toast, in the language the browser chose (the cookie: the account, whose
 * session is too old, is not asked again here).
 */
function signInAgainToast(request: Request, membership: Membership, limit: number) {
  const t = translatorFor(chosenLocale(request, null) ?? DEFAULT_LOCALE);
  const value = SESSION_LIMITS.find((option) => option.seconds === limit)?.value;
  return {
    title: t("team.security.toast.signInAgainTitle"),
    description: t("team.security.toast.signInAgain", {
      workspace: membership.label,
      limit: value ? t(`team.security.limit.${value}`) : sessionLimitLabel(limit),
    }),
    variant: "error" as const,
  };
}

/** What the Team tab shows of the limit. */
export function sessionLimitSettings(membership: Membership, now = new Date()) {
  const seconds = membership.workspace.sessionLimitSeconds;
  return {
    workspaceId: membership.workspace.id,
    label: sessionLimitLabel(seconds),
    value: SESSION_LIMITS.find((option) => option.seconds === seconds)?.value ?? "none",
    manage: can(membership.role, "security.manage") && !membership.workspace.personal,
    planAllows: planAllows(membership, now),
    planName: PLANS[SESSION_LIMIT_PLAN].name,
  };
}

// The workspace's plan is its owner's (current.server.ts workspacePlan, not imported: that module
// imports this one).
const planAllows = (membership: Membership, now = new Date()) =>
  effectivePlan(membership.owner, now) === SESSION_LIMIT_PLAN;

export const SESSION_LIMIT_INTENT = "session-limit";

/** POST /dashboard intent=session-limit: owners and admins; setting one needs Ultimate. */
export async function sessionLimitAction(ctx: TabActionContext): Promise<Response> {
  const stale = staleWorkspaceRefusal(ctx, TEAM_TAB);
  if (stale) return stale;
  if (!can(ctx.membership.role, "security.manage")) {
    throw data(refusal("security.manage"), { status: 403 });
  }
  const { workspace } = ctx.membership;
  // The toasts are made here in the account's language (issue #32).
  const t = tabT(ctx);
  const refuse = (description: string) =>
    redirectWithToast(ctx.request, `${TEAM_TAB}#security`, {
      title: t("team.security.toast.notChanged"),
      description,
      variant: "error",
    });
  const option = sessionLimitOption(ctx.form.get("limit"));
  if (!option) return refuse(t("team.security.toast.chooseOffered"));
  if (workspace.personal) return refuse(t("team.security.toast.personal"));
  if (option.seconds !== null && !planAllows(ctx.membership)) {
    return refuse(t("team.security.toast.plan", { plan: PLANS[SESSION_LIMIT_PLAN].name }));
  }
  const from = sessionLimitLabel(workspace.sessionLimitSeconds);
  const to = sessionLimitLabel(option.seconds);
  if (workspace.sessionLimitSeconds !== option.seconds) {
    await ctx.db.batch([
      ctx.db
        .update(workspaces)
        .set({ sessionLimitSeconds: option.seconds })
        .where(eq(workspaces.id, workspace.id)),
      recordAudit(ctx.db, {
        workspaceId: workspace.id,
        actor: { id: ctx.user.id, email: ctx.user.email },
        action: "workspace.session_limit_changed",
        details: { from, to },
      }),
    ]);
  }
  return redirectWithToast(ctx.request, `${TEAM_TAB}#security`, {
    title: t("team.security.toast.saved"),
    description:
      option.seconds === null
        ? t("team.security.toast.savedNone")
        : t("team.security.toast.savedLimit", { limit: t(`team.security.limit.${option.value}`) }),
    variant: "success",
  });
}
