import { and, count, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { auditEvents, users, workspaces } from "../db/schema";
import { keptSinceSql } from "../models/analytics.server";
import type { AuditAction, AuditDetails } from "./audit-text";

// The audit log (issue #15): who did what, and when, in a workspace. Entries are statements, so
// they join the batch of the change they record (D1 has no interactive transactions): the change
// and its entry happen together or not at all. The nightly job drops entries older than the
// workspace plan keeps its analytics (app/plans/retention.ts).

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditEntry {
  workspaceId: string;
  actor: AuditActor | null;
  action: AuditAction;
  /** The id of what the action was done to: a member, an invitation, a code. */
  target?: string | number | null;
  /** What the log says in words: names, titles, roles, at the time of the action. */
  details?: AuditDetails;
}

function auditRows(db: Database, entry: Omit<AuditEntry, "workspaceId">, now: Date) {
  // Every column of audit_events, in the table's order (drizzle's INSERT … SELECT asks for it).
  return db
    .select({
      id: sql<null>`NULL`.as("id"),
      workspaceId: workspaces.id,
      actorId: sql<string | null>`${entry.actor?.id ?? null}`.as("actor_id"),
      actorEmail: sql<string | null>`${entry.actor?.email ?? null}`.as("actor_email"),
      action: sql<string>`${entry.action}`.as("action"),
      target: sql<string | null>`${entry.target == null ? null : String(entry.target)}`.as(
        "target",
      ),
      details: sql<string | null>`${entry.details ? JSON.stringify(entry.details) : null}`.as(
        "details",
      ),
      createdAt: sql<number>`${now.getTime()}`.as("created_at"),
    })
    .from(workspaces);
}

/**
 * One entry, as a statement: await it, or put it in the `db.batch` of the change it records.
 * With `onlyIf`, the entry is written only when that condition holds as the batch runs; give it
 * the condition the change itself has, so the log never tells of a change that did not happen.
 */
export function recordAudit(
  db: Database,
  entry: AuditEntry,
  { onlyIf, now = new Date() }: { onlyIf?: SQL; now?: Date } = {},
) {
  return db
    .insert(auditEvents)
    .select(auditRows(db, entry, now).where(and(eq(workspaces.id, entry.workspaceId), onlyIf)));
}

/** The same entry in every workspace `ownerId` owns: their plan is the plan of each of them. */
export function recordAuditInOwnedWorkspaces(
  db: Database,
  ownerId: string,
  entry: Omit<AuditEntry, "workspaceId">,
  now = new Date(),
) {
  return db
    .insert(auditEvents)
    .select(auditRows(db, entry, now).where(eq(workspaces.ownerId, ownerId)));
}

/** A plan change of `user`, in every workspace they own (as its plan is theirs). */
export function recordPlanChange(
  db: Database,
  user: { id: string; email: string },
  details: AuditDetails,
  now = new Date(),
) {
  return recordAuditInOwnedWorkspaces(
    db,
    user.id,
    { actor: { id: user.id, email: user.email }, action: "plan.changed", details },
    now,
  );
}

export interface AuditRow {
  id: number;
  action: string;
  target: string | null;
  details: AuditDetails | null;
  createdAt: Date;
  actorEmail: string | null;
  /** The actor's name now, if they still have an account. */
  actorFirstName: string | null;
  actorLastName: string | null;
}

/** A page of a workspace's log, newest first, and how many entries it holds in all. */
export async function auditPage(
  db: Database,
  workspaceId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, totals] = await db.batch([
    db
      .select({
        id: auditEvents.id,
        action: auditEvents.action,
        target: auditEvents.target,
        details: auditEvents.details,
        createdAt: auditEvents.createdAt,
        actorEmail: auditEvents.actorEmail,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(eq(auditEvents.workspaceId, workspaceId))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.workspaceId, workspaceId)),
  ]);
  return { rows: rows as AuditRow[], total: totals[0]?.n ?? 0 };
}

/**
 * Deletes up to `limit` entries older than their workspace's plan keeps them, in one statement
 * (the choice and the delete are one), and returns how many went.
 */
export async function deleteExpiredAuditEvents(
  db: Database,
  now: Date,
  limit: number,
): Promise<number> {
  const expired = db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .innerJoin(workspaces, eq(workspaces.id, auditEvents.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(lt(auditEvents.createdAt, keptSinceSql(now)))
    .limit(limit);
  const result = await db.delete(auditEvents).where(inArray(auditEvents.id, expired));
  return result.meta.changes;
}
