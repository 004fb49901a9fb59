import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  type UserRecord,
  users,
  type WorkspaceRecord,
  type WorkspaceRole,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import {
  PERSONAL_WORKSPACE_NAME,
  personalWorkspaceId,
  workspaceLabel,
} from "../workspaces/personal";
import type { PlanId } from "../plans/catalogue";
import { effectivePlan } from "../plans/effective";

/** A workspace as seen by one of its members. */
export interface Membership {
  workspace: WorkspaceRecord;
  role: WorkspaceRole;
  /** Whose subscription gives the workspace its plan and limits. */
  owner: UserRecord;
  /** What this member calls the workspace (workspaceLabel). */
  label: string;
}

/** The statements that give a new account its personal workspace (for createUser's batch). */
export function personalWorkspaceStatements(db: Database, userId: string, now: Date) {
  const id = personalWorkspaceId(userId);
  return [
    db.insert(workspaces).values({
      id,
      name: PERSONAL_WORKSPACE_NAME,
      ownerId: userId,
      personal: true,
      createdAt: now,
    }),
    db.insert(workspaceMembers).values({ workspaceId: id, userId, role: "owner", createdAt: now }),
  ] as const;
}

/**
 * The user's own workspace as a new account has it: only for an account whose personal
 * workspace row is missing (created outside createUser), so that it can still sign in.
 */
export function personalMembership(user: UserRecord): Membership {
  return {
    workspace: {
      id: personalWorkspaceId(user.id),
      name: PERSONAL_WORKSPACE_NAME,
      ownerId: user.id,
      personal: true,
      createdAt: user.createdAt,
      sessionLimitSeconds: null,
      suspendedAt: null,
      suspendedReason: null,
      suspendedBy: null,
      requireTwoFactor: false,
    },
    role: "owner",
    owner: user,
    label: PERSONAL_WORKSPACE_NAME,
  };
}

function membershipQuery(db: Database) {
  return db
    .select({ workspace: workspaces, role: workspaceMembers.role, owner: users })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId));
}

function withLabel(row: Omit<Membership, "label">, viewerId: string): Membership {
  return { ...row, label: workspaceLabel(row.workspace, row.owner, viewerId) };
}

/** `userId`'s membership of `workspaceId`, or null when they do not belong to it (any more). */
export async function findMembership(
  db: Database,
  userId: string,
  workspaceId: string,
): Promise<Membership | null> {
  const row = await membershipQuery(db)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .get();
  return row ? withLabel(row, userId) : null;
}

/**
 * Every workspace the user belongs to, with its owner's account: one query serves both the
 * current workspace and the user menu's list. Their own personal workspace first, then by name.
 */
export async function listMemberships(db: Database, userId: string): Promise<Membership[]> {
  const rows = await membershipQuery(db).where(eq(workspaceMembers.userId, userId)).all();
  const own = personalWorkspaceId(userId);
  return rows
    .map((row) => withLabel(row, userId))
    .sort((a, b) =>
      a.workspace.id === own ? -1 : b.workspace.id === own ? 1 : a.label.localeCompare(b.label),
    );
}

/** The plan in effect for a workspace: its owner's (workspacePlan without a membership). */
export async function workspacePlanById(
  db: Database,
  workspaceId: string,
  now = new Date(),
): Promise<PlanId> {
  const row = await db
    .select({ owner: users })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId))
    .get();
  return effectivePlan(row?.owner ?? null, now);
}
