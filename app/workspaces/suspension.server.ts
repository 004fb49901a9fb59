import { data, type MiddlewareFunction } from "react-router";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { workspaces } from "../db/schema";
import { getWorkspaceAccess } from "./current.server";
import { actsInWorkspace, isSuspended, suspensionMessage } from "./suspension";

// A suspended workspace (issue #31) as its members meet it: they can still look around it, switch
// to their other workspaces, and use /account and /support; every change in it is refused with
// the reason. One middleware (root.tsx) refuses every post to the pages that act in the current
// workspace, so that no action of those pages (today's or tomorrow's) has to remember to ask.

/** Refuses (403, with the reason) a post that would act in a suspended current workspace. */
export const refuseInSuspendedWorkspace: MiddlewareFunction<Response> = async ({
  request,
  context,
}) => {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (!actsInWorkspace(new URL(request.url).pathname)) return;
  const workspace = (await getWorkspaceAccess(context))?.current.workspace;
  if (workspace && isSuspended(workspace)) {
    throw data(suspensionMessage(workspace.suspendedReason), { status: 403 });
  }
};

/** The suspension of a workspace: its reason, or null when it is not suspended. */
export async function workspaceSuspension(
  db: Database,
  workspaceId: string,
): Promise<{ reason: string | null } | null> {
  const row = await db
    .select({ at: workspaces.suspendedAt, reason: workspaces.suspendedReason })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .get();
  return row?.at ? { reason: row.reason } : null;
}
