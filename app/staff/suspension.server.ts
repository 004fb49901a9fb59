import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { forgetWorkspaceKeys } from "../api/key-cache.server";
import { appOrigin } from "../config/app-url.server";
import type { Database } from "../db/client.server";
import type { Locale } from "../i18n/locales";
import { type UserRecord, users, workspaceMembers, workspaces } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import {
  recipientLocale,
  workspaceSuspendedMessage,
  workspaceSuspensionLiftedMessage,
} from "../mail/templates";
import { trackedSlugsIn } from "../models/qr-codes.server";
import { forgetLinks } from "../scans/links.server";
import { workspaceLabel } from "../workspaces/personal";
import { SUPPORT_PATH } from "../workspaces/suspension";
import { recordStaffAction } from "./audit.server";

// Suspending a workspace and lifting it (issue #31). Only three columns change: nothing of the
// workspace is deleted or rewritten, so lifting restores it exactly. Everything that stops reads
// `workspaces.suspended_at` where it already reads the workspace: the short-link query
// (findTrackedLink), the API key lookup (findApiKey), the member's workspace (listMemberships),
// saved-code downloads and webhook deliveries. The copies kept for speed are dropped here, in
// this data centre and isolate at once; elsewhere they expire within seconds (LINK_CACHE_SECONDS
// + LINK_MEMORY_SECONDS for links, KEY_CACHE_SECONDS for keys).

type Staff = Pick<UserRecord, "id" | "email">;

/** Suspends the workspace; false when it does not exist or is suspended already. */
export async function suspendWorkspace(
  db: Database,
  staff: Staff,
  workspaceId: string,
  reason: string,
  now = new Date(),
): Promise<boolean> {
  const changed = await db
    .update(workspaces)
    .set({ suspendedAt: now, suspendedReason: reason, suspendedBy: staff.id })
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.suspendedAt)))
    .returning({ id: workspaces.id });
  if (changed.length === 0) return false;
  await recordStaffAction(
    db,
    staff,
    {
      action: "workspace.suspended",
      subjectType: "workspace",
      subjectId: workspaceId,
      details: { reason },
    },
    now,
  );
  await forgetCopies(db, workspaceId);
  await tellManagers(db, workspaceId, (locale, to, firstName, workspaceName, supportUrl) =>
    workspaceSuspendedMessage({ locale, to, firstName, workspaceName, reason, supportUrl }),
  );
  return true;
}

/** Lifts the suspension; false when the workspace does not exist or is not suspended. */
export async function liftSuspension(
  db: Database,
  staff: Staff,
  workspaceId: string,
  now = new Date(),
): Promise<boolean> {
  const changed = await db
    .update(workspaces)
    .set({ suspendedAt: null, suspendedReason: null, suspendedBy: null })
    .where(and(eq(workspaces.id, workspaceId), isNotNull(workspaces.suspendedAt)))
    .returning({ id: workspaces.id, reason: workspaces.suspendedReason });
  if (changed.length === 0) return false;
  await recordStaffAction(
    db,
    staff,
    { action: "workspace.suspension_lifted", subjectType: "workspace", subjectId: workspaceId },
    now,
  );
  await forgetCopies(db, workspaceId);
  await tellManagers(db, workspaceId, (locale, to, firstName, workspaceName, supportUrl) =>
    workspaceSuspensionLiftedMessage({ locale, to, firstName, workspaceName, supportUrl }),
  );
  return true;
}

async function forgetCopies(db: Database, workspaceId: string): Promise<void> {
  forgetWorkspaceKeys(workspaceId);
  await forgetLinks(appOrigin(), await trackedSlugsIn(db, { workspaceId }));
}

/** E-mails the owner and the admins: they are the ones who can act on it. */
async function tellManagers(
  db: Database,
  workspaceId: string,
  message: (
    locale: Locale,
    to: string,
    firstName: string | null,
    workspaceName: string,
    supportUrl: string,
  ) => Parameters<typeof sendMail>[0],
): Promise<void> {
  const workspace = await db
    .select({ workspace: workspaces, owner: users })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId))
    .get();
  if (!workspace) return;
  const managers = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.role, ["owner", "admin"]),
      ),
    )
    .all();
  const supportUrl = `${appOrigin()}${SUPPORT_PATH}`;
  // Each reads the workspace by the name they know it by ("Personal" only to its owner). A mail
  // failure never undoes the suspension (sendMail reports it and does not throw).
  await Promise.all(
    managers.map((manager) => {
      const name = workspaceLabel(workspace.workspace, workspace.owner, manager.id);
      return sendMail(
        message(
          recipientLocale(manager.language),
          manager.email,
          manager.firstName,
          name,
          supportUrl,
        ),
      );
    }),
  );
}
