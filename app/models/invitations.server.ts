import { and, asc, eq, exists, gt, isNull, type SQL, sql } from "drizzle-orm";
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

/** The owner of `workspaceId`, as SQL: a plan's seats are shared by all of its owner's workspaces. */
function ownerOf(workspaceId: string): SQL<string> {
  return sql<string>`(SELECT owner_id FROM workspaces WHERE id = ${workspaceId})`;
}

/**
 * The addresses holding a seat of the plan of `workspaceId`'s owner: members and pending
 * invitations of every workspace that person owns, each address once (UNION removes repeats).
 */
function seatHoldersSql(workspaceId: string, now: Date): SQL {
  return sql`SELECT u.email AS email FROM workspace_members m
      JOIN users u ON u.id = m.user_id
      JOIN workspaces w ON w.id = m.workspace_id
      WHERE w.owner_id = ${ownerOf(workspaceId)}
    UNION
    SELECT i.email AS email FROM workspace_invitations i
      JOIN workspaces w ON w.id = i.workspace_id
      WHERE w.owner_id = ${ownerOf(workspaceId)}
        AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ${now.getTime()}`;
}

/** How many seats are taken once `email` holds one too (the same if it holds one already). */
function seatsWithSql(workspaceId: string, email: string, now: Date): SQL<number> {
  return sql<number>`(SELECT count(*) FROM (${seatHoldersSql(workspaceId, now)} UNION SELECT ${email}))`;
}

export async function countSeats(db: Database, workspaceId: string, now: Date): Promise<SeatCount> {
  const row = await db.get<{ members: number; holders: number }>(
    sql`SELECT
      (SELECT count(DISTINCT u.email) FROM workspace_members m
        JOIN users u ON u.id = m.user_id
        JOIN workspaces w ON w.id = m.workspace_id
        WHERE w.owner_id = ${ownerOf(workspaceId)}) AS members,
      (SELECT count(*) FROM (${seatHoldersSql(workspaceId, now)})) AS holders`,
  );
  const members = row?.members ?? 0;
  return { members, pending: (row?.holders ?? 0) - members };
}

/** Whether `email` already holds a seat of the plan (a member or invited in any of its workspaces). */
export async function holdsSeat(
  db: Database,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<boolean> {
  const row = await db.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM (${seatHoldersSql(workspaceId, now)}) WHERE email = ${email}`,
  );
  return (row?.n ?? 0) > 0;
}

/**
 * Invitations a workspace, with the other workspaces of its owner, may send in a day, and that
 * one address may receive in a day.
 */
export const INVITATIONS_PER_WORKSPACE_PER_DAY = 50;
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The mailbox a normalised address delivers to: without a "+tag" (a+1@x.com and a+2@x.com both
 * reach a@x.com at most providers), so tags do not multiply an address's daily invitations.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  const plus = email.indexOf("+");
  return plus >= 0 && plus < at ? `${email.slice(0, plus)}${email.slice(at)}` : email;
}

function sentTodaySql(by: "owner" | "email", value: string, now: Date): SQL<number> {
  const since = now.getTime() - DAY_MS;
  if (by === "owner") {
    // A paid owner creates team workspaces at will, so a count per workspace would give 50 more
    // e-mails a day with each one (issue #27).
    return sql<number>`(SELECT count(*) FROM workspace_invitations i
      JOIN workspaces w ON w.id = i.workspace_id
      WHERE w.owner_id = ${ownerOf(value)} AND i.created_at > ${since})`;
  }
  // The mailbox itself, or it with any tag: "local+" up to (not including) "local," is every
  // address starting "local+" (',' follows '+'), a range the (email, created_at) index serves.
  const mailbox = mailboxOf(value);
  const at = mailbox.lastIndexOf("@");
  const local = mailbox.slice(0, at);
  const domain = mailbox.slice(at);
  return sql<number>`(SELECT count(*) FROM workspace_invitations
    WHERE created_at > ${since} AND (email = ${mailbox}
      OR (email >= ${`${local}+`} AND email < ${`${local},`}
        AND substr(email, -${[...domain].length}) = ${domain})))`;
}

/**
 * Invitations sent in the last 24 hours by the workspace and the other workspaces of its owner,
 * and to the address from any workspace (revoked ones count: each was an e-mail).
 */
export async function invitationsToday(
  db: Database,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<{ workspace: number; address: number }> {
  const row = await db.get<{ workspace: number; address: number }>(
    sql`SELECT ${sentTodaySql("owner", workspaceId, now)} AS workspace,
      ${sentTodaySql("email", email, now)} AS address`,
  );
  return { workspace: row?.workspace ?? 0, address: row?.address ?? 0 };
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
 * Invites `email`, unless every seat is taken or a daily limit is reached (checked in the same
 * statement). Returns the token for the link (never stored), or null when it did not fit.
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
              sql`${seatsWithSql(workspaceId, email, now)} <= ${seatLimit}`,
              sql`${sentTodaySql("owner", workspaceId, now)} < ${INVITATIONS_PER_WORKSPACE_PER_DAY}`,
              sql`${sentTodaySql("email", email, now)} < ${INVITATIONS_PER_ADDRESS_PER_DAY}`,
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
 * pending, for the invited address, and while the people of the owner's workspaces, with this
 * one, fit in `seatLimit`.
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
          sql`(SELECT count(*) FROM (SELECT u.email FROM workspace_members m
              JOIN users u ON u.id = m.user_id
              JOIN workspaces w ON w.id = m.workspace_id
              WHERE w.owner_id = ${ownerOf(invitation.workspaceId)}
            UNION SELECT ${user.email})) <= ${seatLimit}`,
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
