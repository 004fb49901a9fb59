import { forgetKey } from "../api/key-cache.server";
import type { Database } from "../db/client.server";
import type { WorkspaceRole } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { apiKeysRevokedMessage } from "../mail/templates";
import { revokeKeysMadeBy } from "../models/api-keys.server";
import type { AuditActor } from "./audit.server";
import { personName } from "./personal";
import { can } from "./roles";

// A key acts with its maker's membership (ARCHITECTURE.md decision 18): when the maker leaves, is
// removed, deletes their account or takes a role without api.manage, their keys of that workspace
// are revoked at once, each with an audit entry, and the owner is told by e-mail. The key lookup
// checks the membership too (app/api/auth.server.ts), so a key cached in another isolate stops
// within its few seconds.

export interface FormerKeyMaker {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface WorkspaceForNotice {
  id: string;
  /** What the owner calls it. */
  name: string;
  owner: { id: string; email: string; firstName: string | null };
}

export type KeyLoss = "removed" | "left" | "role" | "deleted";

/** Whether a change of role from `from` to `to` takes the member's keys away. */
export function roleChangeRevokesKeys(from: WorkspaceRole, to: WorkspaceRole): boolean {
  return can(from, "api.manage") && !can(to, "api.manage");
}

/** Revokes the keys `maker` made in the workspace; returns how many. */
export async function revokeKeysOfFormerManager(
  db: Database,
  workspace: WorkspaceForNotice,
  maker: FormerKeyMaker,
  actor: AuditActor,
  why: KeyLoss,
  now = new Date(),
): Promise<number> {
  const revoked = await revokeKeysMadeBy(
    db,
    workspace.id,
    { id: maker.userId, email: maker.email },
    actor,
    now,
  );
  for (const key of revoked) forgetKey(key.id);
  if (revoked.length > 0 && workspace.owner.id !== maker.userId) {
    await sendMail(
      apiKeysRevokedMessage({
        to: workspace.owner.email,
        firstName: workspace.owner.firstName,
        workspaceName: workspace.name,
        memberName: personName(maker),
        keys: revoked.map((key) => key.name),
        why,
      }),
    );
  }
  return revoked.length;
}
