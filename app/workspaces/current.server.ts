import { data, type RouterContextProvider } from "react-router";
import { createDatabase } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { listMemberships, type Membership, personalMembership } from "../models/workspaces.server";
import { effectivePlan } from "../plans/effective";
import type { PlanId } from "../plans/catalogue";
import { requestInfoContext } from "../request-context";
import { requireUser } from "../auth/user.server";
import { signedCookie } from "../security/cookies.server";
import {
  keptOutBySecondFactor,
  secondFactorRequiredRedirect,
} from "../security/workspace-entry.server";
import { personalWorkspaceId } from "./personal";
import { can, refusal, type WorkspaceAction } from "./roles";
import { sessionLimitRefusal, type WorkspaceRefusal } from "./session-limit.server";

// Which workspace a signed-in person is acting in. The choice is a signed cookie; membership is
// checked again on every request, so a removed member's access ends on their next request and
// they land in their personal workspace. Without a choice, or with a stale one, it is personal.

const COOKIE = "qr_workspace";

function workspaceCookie(request: Request) {
  return signedCookie(COOKIE, request, { maxAge: 60 * 60 * 24 * 365 });
}

/** Where the person acts now, and every workspace they belong to (the user menu lists them). */
export interface WorkspaceAccess {
  current: Membership;
  all: Membership[];
  /**
   * The chosen workspace would not let this person in (its session-length limit, or two-factor
   * sign-in they have not set up): `current` is then the personal workspace for the shell, and
   * every page acting in a workspace answers with `refused.respond()` instead.
   */
  refused?: WorkspaceRefusal;
}

async function chosenWorkspace(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE}=`)) return null;
  const chosen: unknown = await workspaceCookie(request).parse(header);
  return typeof chosen === "string" ? chosen : null;
}

/** The member's workspaces, one query; the current one is the chosen one if they still belong. */
export async function loadWorkspaceAccess(
  request: Request,
  user: UserRecord,
): Promise<WorkspaceAccess> {
  const [all, chosen] = await Promise.all([
    listMemberships(createDatabase(), user.id),
    chosenWorkspace(request),
  ]);
  const personal =
    all.find((membership) => membership.workspace.id === personalWorkspaceId(user.id)) ??
    personalMembership(user);
  const preferred = all.find((membership) => membership.workspace.id === chosen) ?? personal;
  const refused = await entryRefusal(request, user, preferred);
  if (refused) return { current: personal, all: all.length > 0 ? all : [personal], refused };
  return { current: preferred, all: all.length > 0 ? all : [preferred] };
}

/** The Set-Cookie header that makes `workspaceId` the current workspace. */
export function chooseWorkspace(request: Request, workspaceId: string): Promise<string> {
  return workspaceCookie(request).serialize(workspaceId);
}

type Context = Readonly<RouterContextProvider>;

/** The signed-in person's workspaces, or null for a visitor; looked up once a request. */
export function getWorkspaceAccess(context: Context): Promise<WorkspaceAccess | null> {
  return context.get(requestInfoContext).currentWorkspaces();
}

/** Why `membership` would not let this person in now, or null when it would. */
async function entryRefusal(
  request: Request,
  user: UserRecord,
  membership: Membership,
): Promise<WorkspaceRefusal | null> {
  if (await keptOutBySecondFactor(createDatabase(), user, membership)) {
    return {
      workspaceId: membership.workspace.id,
      message: `${membership.label} requires two-factor sign-in.`,
      respond: () => secondFactorRequiredRedirect(request, user, membership),
    };
  }
  return sessionLimitRefusal(request, membership);
}

/**
 * The signed-in person's current workspace, or null for a visitor. A workspace that refuses the
 * session (its session-length limit, or its two-factor requirement) throws the answer that sends
 * them to sign in again or to set two-factor sign-in up.
 */
export async function getMembership(context: Context): Promise<Membership | null> {
  const access = await getWorkspaceAccess(context);
  if (access?.refused) throw await access.refused.respond();
  return access?.current ?? null;
}

/**
 * The current workspace; a visitor is sent to sign in, as requireUser does, and a member of a
 * workspace requiring two-factor sign-in without it to set it up.
 */
export async function requireMembership(request: Request, context: Context): Promise<Membership> {
  const access = await getWorkspaceAccess(context);
  if (access?.refused) throw await access.refused.respond();
  if (access) return access.current;
  await requireUser(request, context);
  throw new Error("unreachable: requireUser redirects a visitor");
}

/** Refuses (403, with the role table's message) what the member's role does not allow. */
export function requirePermission(membership: Membership, action: WorkspaceAction): void {
  if (!can(membership.role, action)) {
    throw data(refusal(action), { status: 403 });
  }
}

/** The plan in effect for the workspace: its owner's. */
export function workspacePlan(membership: Membership, now = new Date()): PlanId {
  return effectivePlan(membership.owner, now);
}
