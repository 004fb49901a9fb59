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
import { PERSONAL_WORKSPACE_NAME, personalWorkspaceId } from "../workspaces/personal";

/** A workspace as seen by one of its members. */
export interface Membership {
  workspace: WorkspaceRecord;
  role: WorkspaceRole;
  /** Whose subscription gives the workspace its plan and limits. */
  owner: UserRecord;
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

/** The user's own workspace, without asking the database. */
export function personalMembership(user: UserRecord): Membership {
  return {
    workspace: {
      id: personalWorkspaceId(user.id),
      name: PERSONAL_WORKSPACE_NAME,
      ownerId: user.id,
      personal: true,
      createdAt: user.createdAt,
    },
    role: "owner",
    owner: user,
  };
}

/** `user`'s membership of `workspaceId`, or null when they do not belong to it (any more). */
export async function findMembership(
  db: Database,
  user: UserRecord,
  workspaceId: string,
): Promise<Membership | null> {
  if (workspaceId === personalWorkspaceId(user.id)) return personalMembership(user);
  const row = await db
    .select({ workspace: workspaces, role: workspaceMembers.role, owner: users })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, user.id)))
    .get();
  return row ?? null;
}

/** Every workspace the user belongs to, personal first, then by name. */
export async function listMemberships(
  db: Database,
  userId: string,
): Promise<{ id: string; name: string; personal: boolean; role: WorkspaceRole }[]> {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      personal: workspaces.personal,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .all();
  return rows.sort((a, b) =>
    a.personal === b.personal ? a.name.localeCompare(b.name) : a.personal ? -1 : 1,
  );
}
