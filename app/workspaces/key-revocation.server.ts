import { forgetKey } from "../api/key-cache.server";
import type { Database } from "../db/client.server";
import type { WorkspaceRole } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { apiKeysRevokedMessage, plainName } from "../mail/templates";
import { recipientLocaleByEmail } from "../mail/recipient.server";
import { revokeKeysMadeBy } from "../models/api-keys.server";
import { disableEndpointsAddedBy } from "../models/webhooks.server";
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

/**
 * Revokes the keys `maker` made in the workspace; returns how many. When they are no longer a
 * member at all, the webhook endpoints they added are disabled too: planted before a removal,
 * one would otherwise stay a feed of the workspace's events to an outsider. An owner or admin
 * who knows the address enables it again on the Integrations tab.
 */
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
  const endpoints =
    why === "role"
      ? []
      : await disableEndpointsAddedBy(
          db,
          workspace.id,
          maker.userId,
          `It was added by ${plainName(personName(maker))}, who is no longer a member; check that the address is still one of yours.`,
          now,
        );
  if (revoked.length + endpoints.length > 0 && workspace.owner.id !== maker.userId) {
    await sendMail(
      apiKeysRevokedMessage({
        locale: await recipientLocaleByEmail(db, workspace.owner.email),
        to: workspace.owner.email,
        firstName: workspace.owner.firstName,
        workspaceName: workspace.name,
        memberName: personName(maker),
        keys: revoked.map((key) => key.name),
        endpoints,
        why,
      }),
    );
  }
  return revoked.length;
}
