import { data, type MiddlewareFunction } from "react-router";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { workspaces } from "../db/schema";
import { getLocale, translatorFor } from "../i18n/locale.server";
import type { Locale } from "../i18n/locales";
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
    // The app's own JSON endpoints keep English, as the public API does (issue #32).
    const message = new URL(request.url).pathname.startsWith("/api/")
      ? suspensionMessage(workspace.suspendedReason)
      : suspensionText(await getLocale(context), workspace.suspendedReason);
    throw data(message, { status: 403 });
  }
};

/** suspensionMessage() in a page's language: the banner and a refused post say it. */
export function suspensionText(locale: Locale, reason: string | null): string {
  const t = translatorFor(locale);
  return t("common.suspended.message", { reason: reason ?? t("common.suspended.noReason") });
}

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
