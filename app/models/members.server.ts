import { and, asc, eq, exists, ne } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  type UserRecord,
  users,
  type WorkspaceRole,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import { type AuditActor, recordAudit } from "../workspaces/audit.server";
import { personName } from "../workspaces/personal";

// The members of a workspace and what is done to them: role changes, removal, leaving, handing
// the workspace over, renaming and creating one. Each change and its audit entry are one batch,
// under the same condition, so a change that did not happen leaves no entry. The caller checked
// the role table; these functions keep the rules that hold whoever asks (the owner stays).

const members = workspaceMembers;

export interface TeamMember {
  userId: string;
  role: WorkspaceRole;
  joinedAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

const ROLE_ORDER: Record<WorkspaceRole, number> = { owner: 0, admin: 1, editor: 2, viewer: 3 };

function memberQuery(db: Database) {
  return db
    .select({
      userId: members.userId,
      role: members.role,
      joinedAt: members.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId));
}

/** The members, owner first, then by role and by when they joined. */
export async function listMembers(db: Database, workspaceId: string): Promise<TeamMember[]> {
  const rows = await memberQuery(db)
    .where(eq(members.workspaceId, workspaceId))
    .orderBy(asc(members.createdAt))
    .all();
  return rows.sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
}

export async function findMember(
  db: Database,
  workspaceId: string,
  userId: string,
): Promise<TeamMember | null> {
  const row = await memberQuery(db)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, userId)))
    .get();
  return row ?? null;
}

/** Whether an account with this (normalised) address is a member. */
export async function isMemberByEmail(
  db: Database,
  workspaceId: string,
  email: string,
): Promise<boolean> {
  const row = await memberQuery(db)
    .where(and(eq(members.workspaceId, workspaceId), eq(users.email, email)))
    .get();
  return row !== undefined;
}

function memberRow(workspaceId: string, member: TeamMember) {
  // The row as it was read, so that a change made meanwhile makes this one do nothing.
  return and(
    eq(members.workspaceId, workspaceId),
    eq(members.userId, member.userId),
    eq(members.role, member.role),
    ne(members.role, "owner"),
  );
}

/** Gives a member (never the owner) another role; false when the member changed meanwhile. */
export async function changeRole(
  db: Database,
  workspaceId: string,
  member: TeamMember,
  role: WorkspaceRole,
  actor: AuditActor,
): Promise<boolean> {
  const where = memberRow(workspaceId, member);
  const [, changed] = await db.batch([
    recordAudit(
      db,
      {
        workspaceId,
        actor,
        action: "member.role_changed",
        target: member.userId,
        details: { name: personName(member), from: member.role, to: role },
      },
      { onlyIf: exists(db.select().from(members).where(where)) },
    ),
    db.update(members).set({ role }).where(where).returning({ userId: members.userId }),
  ]);
  return changed.length > 0;
}

/**
 * Ends a membership (never the owner's): removed by an admin or owner, or left by the member.
 * Their codes stay in the workspace.
 */
export async function endMembership(
  db: Database,
  workspaceId: string,
  member: TeamMember,
  actor: AuditActor,
  how: "member.removed" | "member.left",
): Promise<boolean> {
  const where = memberRow(workspaceId, member);
  const [, removed] = await db.batch([
    recordAudit(
      db,
      {
        workspaceId,
        actor,
        action: how,
        target: member.userId,
        details: { name: personName(member), role: member.role },
      },
      { onlyIf: exists(db.select().from(members).where(where)) },
    ),
    db.delete(members).where(where).returning({ userId: members.userId }),
  ]);
  return removed.length > 0;
}

/** What the previous owner becomes when they hand the workspace over. */
export const DEMOTED_OWNER_ROLE: WorkspaceRole = "admin";

/**
 * Hands a (non-personal) workspace to another member: they become its owner, with its plan
 * from then on; the previous owner stays as an admin.
 */
export async function transferOwnership(
  db: Database,
  workspaceId: string,
  from: AuditActor,
  to: TeamMember,
): Promise<boolean> {
  const isMember = exists(
    db
      .select()
      .from(members)
      .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, to.userId))),
  );
  const handedOver = exists(
    db
      .select()
      .from(workspaces)
      .where(and(eq(workspaces.id, workspaceId), eq(workspaces.ownerId, to.userId))),
  );
  const [moved] = await db.batch([
    db
      .update(workspaces)
      .set({ ownerId: to.userId })
      .where(
        and(
          eq(workspaces.id, workspaceId),
          eq(workspaces.ownerId, from.id),
          eq(workspaces.personal, false),
          isMember,
        ),
      )
      .returning({ id: workspaces.id }),
    db
      .update(members)
      .set({ role: "owner" })
      .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, to.userId), handedOver)),
    db
      .update(members)
      .set({ role: DEMOTED_OWNER_ROLE })
      .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, from.id), handedOver)),
    recordAudit(
      db,
      {
        workspaceId,
        actor: from,
        action: "ownership.transferred",
        target: to.userId,
        details: { name: personName(to) },
      },
      { onlyIf: handedOver },
    ),
  ]);
  return moved.length > 0;
}

export async function renameWorkspace(
  db: Database,
  workspaceId: string,
  from: string,
  to: string,
  actor: AuditActor,
): Promise<void> {
  await db.batch([
    db.update(workspaces).set({ name: to }).where(eq(workspaces.id, workspaceId)),
    recordAudit(db, {
      workspaceId,
      actor,
      action: "workspace.renamed",
      details: { from, to },
    }),
  ]);
}

/** A new team workspace; its creator owns it, and its plan is theirs. Returns its id. */
export async function createWorkspace(
  db: Database,
  owner: UserRecord,
  name: string,
  now = new Date(),
): Promise<string> {
  const id = `ws_${crypto.randomUUID()}`;
  await db.batch([
    db.insert(workspaces).values({ id, name, ownerId: owner.id, personal: false, createdAt: now }),
    db.insert(members).values({ workspaceId: id, userId: owner.id, role: "owner", createdAt: now }),
    recordAudit(
      db,
      {
        workspaceId: id,
        actor: { id: owner.id, email: owner.email },
        action: "workspace.created",
        details: { name },
      },
      { now },
    ),
  ]);
  return id;
}

/**
 * Deletes a team workspace its owner asked to delete, with its codes (and their downloads and
 * scans), members, invitations and audit log, in one statement. A personal workspace goes only
 * with its account. Returns false when nothing matched (not theirs, personal, or gone already).
 */
export async function deleteTeamWorkspace(
  db: Database,
  workspaceId: string,
  ownerId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(workspaces)
    .where(
      and(
        eq(workspaces.id, workspaceId),
        eq(workspaces.ownerId, ownerId),
        eq(workspaces.personal, false),
      ),
    )
    .returning({ id: workspaces.id });
  return deleted.length > 0;
}
