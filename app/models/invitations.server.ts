import { and, asc, count, eq, exists, gt, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client.server";
import {
  type UserRecord,
  users,
  type WorkspaceRecord,
  type WorkspaceRole,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import type { SeatCount } from "../workspaces/seats";
import { type AuditActor, recordAudit } from "../workspaces/audit.server";
import { hashToken, isTokenShaped, newToken } from "./account-tokens.server";

// Invitations to a workspace (issue #15). The link carries 32 random bytes; only their SHA-256
// is stored. One is valid for 7 days, used once (a conditional UPDATE), revocable, and holds a
// seat while pending. Taking the seat and counting the seats are one statement, so two
// invitations at once cannot both take the last seat.

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const table = workspaceInvitations;

function pending(now: Date): SQL {
  return and(isNull(table.acceptedAt), isNull(table.revokedAt), gt(table.expiresAt, now))!;
}

/** Members and pending invitations of a workspace, as SQL (the seat check runs inside others). */
function seatsInUseSql(workspaceId: string, now: Date): SQL<number> {
  return sql<number>`((SELECT count(*) FROM workspace_members m WHERE m.workspace_id = ${workspaceId})
    + (SELECT count(*) FROM workspace_invitations i WHERE i.workspace_id = ${workspaceId}
       AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ${now.getTime()}))`;
}

export async function countSeats(db: Database, workspaceId: string, now: Date): Promise<SeatCount> {
  const [members, invitations] = await db.batch([
    db
      .select({ n: count() })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId)),
    db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.workspaceId, workspaceId), pending(now))),
  ]);
  return { members: members[0]?.n ?? 0, pending: invitations[0]?.n ?? 0 };
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: WorkspaceRole;
  createdAt: Date;
  expiresAt: Date;
}

/** A workspace's pending invitations, the one expiring first first. */
export function listPendingInvitations(
  db: Database,
  workspaceId: string,
  now: Date,
): Promise<PendingInvitation[]> {
  return db
    .select({
      id: table.id,
      email: table.email,
      role: table.role,
      createdAt: table.createdAt,
      expiresAt: table.expiresAt,
    })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), pending(now)))
    .orderBy(asc(table.expiresAt))
    .all();
}

/** The pending invitation of `email` to the workspace, if there is one. */
export async function findPendingInvitationFor(
  db: Database,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<PendingInvitation | null> {
  const row = await db
    .select({
      id: table.id,
      email: table.email,
      role: table.role,
      createdAt: table.createdAt,
      expiresAt: table.expiresAt,
    })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.email, email), pending(now)))
    .get();
  return row ?? null;
}

export interface NewInvitation {
  workspaceId: string;
  /** Normalised (trimmed, lower case), as accounts store it. */
  email: string;
  role: WorkspaceRole;
  inviter: AuditActor;
  /** The workspace plan's seats. */
  seatLimit: number;
}

/**
 * Invites `email`, unless every seat is taken (checked in the same statement). Returns the
 * token for the link (never stored), or null when no seat was free.
 */
export async function createInvitation(
  db: Database,
  invitation: NewInvitation,
  now = new Date(),
): Promise<{ id: string; token: string; expiresAt: Date } | null> {
  const id = `inv_${crypto.randomUUID()}`;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const { workspaceId, email, role, inviter, seatLimit } = invitation;
  const [inserted] = await db.batch([
    db
      .insert(table)
      .select(
        db
          .select({
            id: sql<string>`${id}`.as("id"),
            workspaceId: workspaces.id,
            email: sql<string>`${email}`.as("email"),
            role: sql<string>`${role}`.as("role"),
            tokenHash: sql<string>`${await hashToken(token)}`.as("token_hash"),
            invitedBy: sql<string>`${inviter.id}`.as("invited_by"),
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
            expiresAt: sql<number>`${expiresAt.getTime()}`.as("expires_at"),
            acceptedAt: sql<null>`NULL`.as("accepted_at"),
            revokedAt: sql<null>`NULL`.as("revoked_at"),
          })
          .from(workspaces)
          .where(
            and(
              eq(workspaces.id, workspaceId),
              sql`${seatsInUseSql(workspaceId, now)} < ${seatLimit}`,
            ),
          ),
      )
      .returning({ id: table.id }),
    recordAudit(
      db,
      {
        workspaceId,
        actor: inviter,
        action: "invitation.created",
        target: id,
        details: { email, role },
      },
      { onlyIf: exists(db.select().from(table).where(eq(table.id, id))), now },
    ),
  ]);
  return inserted.length > 0 ? { id, token, expiresAt } : null;
}

/** Revokes a pending invitation of `workspaceId`; null when there is none of that id there. */
export async function revokeInvitation(
  db: Database,
  workspaceId: string,
  invitationId: string,
  actor: AuditActor,
  now = new Date(),
): Promise<PendingInvitation | null> {
  const where = and(eq(table.id, invitationId), eq(table.workspaceId, workspaceId), pending(now));
  const invitation = await db
    .select({
      id: table.id,
      email: table.email,
      role: table.role,
      createdAt: table.createdAt,
      expiresAt: table.expiresAt,
    })
    .from(table)
    .where(where)
    .get();
  if (!invitation) return null;
  const [, revoked] = await db.batch([
    recordAudit(
      db,
      {
        workspaceId,
        actor,
        action: "invitation.revoked",
        target: invitationId,
        details: { email: invitation.email, role: invitation.role },
      },
      { onlyIf: exists(db.select().from(table).where(where)), now },
    ),
    db.update(table).set({ revokedAt: now }).where(where).returning({ id: table.id }),
  ]);
  return revoked.length > 0 ? invitation : null;
}

export type InvitationState = "pending" | "accepted" | "revoked" | "expired";

export interface InvitationDetails {
  id: string;
  email: string;
  role: WorkspaceRole;
  expiresAt: Date;
  state: InvitationState;
  workspace: WorkspaceRecord;
  owner: UserRecord;
  inviter: { firstName: string | null; lastName: string | null; email: string } | null;
}

const inviters = alias(users, "inviter");

/** The invitation a link's token opens, with its workspace, owner and inviter; null if none. */
export async function findInvitationByToken(
  db: Database,
  token: string | undefined,
  now = new Date(),
): Promise<InvitationDetails | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db
    .select({
      invitation: table,
      workspace: workspaces,
      owner: users,
      inviterFirstName: inviters.firstName,
      inviterLastName: inviters.lastName,
      inviterEmail: inviters.email,
    })
    .from(table)
    .innerJoin(workspaces, eq(workspaces.id, table.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .leftJoin(inviters, eq(inviters.id, table.invitedBy))
    .where(eq(table.tokenHash, await hashToken(token)))
    .get();
  if (!row) return null;
  const { invitation } = row;
  const state: InvitationState = invitation.acceptedAt
    ? "accepted"
    : invitation.revokedAt
      ? "revoked"
      : invitation.expiresAt <= now
        ? "expired"
        : "pending";
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    state,
    workspace: row.workspace,
    owner: row.owner,
    // The inviter's account may have been deleted since.
    inviter: row.inviterEmail
      ? { firstName: row.inviterFirstName, lastName: row.inviterLastName, email: row.inviterEmail }
      : null,
  };
}

/**
 * Spends the invitation for `user` and makes them a member, in one batch: it works once, while
 * pending, for the invited address, and while the workspace has fewer than `seatLimit` members.
 * Returns false when any of that no longer held.
 */
export async function acceptInvitation(
  db: Database,
  invitation: Pick<InvitationDetails, "id" | "role"> & { workspaceId: string },
  user: UserRecord,
  seatLimit: number,
  now = new Date(),
): Promise<boolean> {
  // What the first statement leaves behind when it spent the invitation for this person.
  const spentNow = and(
    eq(table.id, invitation.id),
    eq(table.email, user.email),
    eq(table.acceptedAt, now),
  );
  const [spent] = await db.batch([
    db
      .update(table)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(table.id, invitation.id),
          eq(table.email, user.email),
          pending(now),
          sql`(SELECT count(*) FROM workspace_members m WHERE m.workspace_id = ${invitation.workspaceId}) < ${seatLimit}`,
        ),
      )
      .returning({ id: table.id }),
    db
      .insert(workspaceMembers)
      .select(
        db
          .select({
            workspaceId: table.workspaceId,
            userId: sql<string>`${user.id}`.as("user_id"),
            role: table.role,
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          })
          .from(table)
          .where(spentNow),
      )
      .onConflictDoNothing(),
    recordAudit(
      db,
      {
        workspaceId: invitation.workspaceId,
        actor: { id: user.id, email: user.email },
        action: "member.joined",
        target: user.id,
        details: { role: invitation.role },
      },
      { onlyIf: exists(db.select().from(table).where(spentNow)), now },
    ),
  ]);
  return spent.length > 0;
}
