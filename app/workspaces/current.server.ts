import { data, type RouterContextProvider } from "react-router";
import { createDatabase } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { findMembership, type Membership, personalMembership } from "../models/workspaces.server";
import { effectivePlan } from "../plans/effective";
import type { PlanId } from "../plans/catalogue";
import { requestInfoContext } from "../request-context";
import { requireUser } from "../auth/user.server";
import { signedCookie } from "../security/cookies.server";
import { can, refusal, type WorkspaceAction } from "./roles";

// Which workspace a signed-in person is acting in. The choice is a signed cookie; membership is
// checked again on every request, so a removed member's access ends on their next request and
// they land in their personal workspace. Without a choice, or with a stale one, it is personal.

const COOKIE = "qr_workspace";

function workspaceCookie(request: Request) {
  return signedCookie(COOKIE, request, { maxAge: 60 * 60 * 24 * 365 });
}

/** The member's workspace for this request: the chosen one if they still belong to it. */
export async function loadMembership(request: Request, user: UserRecord): Promise<Membership> {
  const header = request.headers.get("Cookie");
  if (header?.includes(`${COOKIE}=`)) {
    const chosen: unknown = await workspaceCookie(request).parse(header);
    if (typeof chosen === "string") {
      const membership = await findMembership(createDatabase(), user, chosen);
      if (membership) return membership;
    }
  }
  return personalMembership(user);
}

/** The Set-Cookie header that makes `workspaceId` the current workspace. */
export function chooseWorkspace(request: Request, workspaceId: string): Promise<string> {
  return workspaceCookie(request).serialize(workspaceId);
}

type Context = Readonly<RouterContextProvider>;

/** The signed-in person's current workspace, or null for a visitor; looked up once a request. */
export function getMembership(context: Context): Promise<Membership | null> {
  return context.get(requestInfoContext).currentMembership();
}

/** The current workspace; a visitor is sent to sign in, as requireUser does. */
export async function requireMembership(request: Request, context: Context): Promise<Membership> {
  const membership = await getMembership(context);
  if (membership) return membership;
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
