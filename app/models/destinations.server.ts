import { and, desc, eq, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  customDomains,
  type DestinationChangeKind,
  destinationChanges,
  qrCodes,
  trackedLinks,
  users,
  workspaces,
} from "../db/schema";
import { effectivePlanSql } from "./effective-plan.server";
import { DESTINATION_PLANS } from "../plans/rules";

// Tracked codes' destinations (issue #21): the link of a workspace's code with its pending
// scheduled change, the history of changes, and the statements that change them. A change is one
// D1 batch: the history row, the link's target, the code's data.url (which mirrors it, so every
// page and the API show the current destination), all or none.

export interface TrackedCode {
  codeId: number;
  workspaceId: string;
  title: string | null;
  slug: string;
  /** The custom domain the link is printed with; null for this service's own. */
  hostname: string | null;
  targetUrl: string;
  scheduledUrl: string | null;
  scheduledAt: Date | null;
  scheduledZone: string | null;
  /** Who scheduled the pending change, for its history row when it is applied. */
  scheduledBy: string | null;
  scheduledByEmail: string | null;
  /** Why staff disabled the link (issue #31); null while it is not disabled. */
  disabledReason: string | null;
  disabledAt: Date | null;
}

/** The tracked link of code `codeId` of `workspaceId`; null when there is none there. */
export async function findTrackedCode(
  db: Database,
  codeId: number,
  workspaceId: string,
): Promise<TrackedCode | null> {
  const row = await db
    .select({
      codeId: qrCodes.id,
      workspaceId: qrCodes.workspaceId,
      title: qrCodes.title,
      slug: trackedLinks.slug,
      hostname: customDomains.hostname,
      targetUrl: trackedLinks.targetUrl,
      scheduledUrl: trackedLinks.scheduledUrl,
      scheduledAt: trackedLinks.scheduledAt,
      scheduledZone: trackedLinks.scheduledZone,
      scheduledBy: trackedLinks.scheduledBy,
      scheduledByEmail: sql<
        string | null
      >`(SELECT u.email FROM users u WHERE u.id = ${trackedLinks.scheduledBy})`,
      disabledReason: trackedLinks.disabledReason,
      disabledAt: trackedLinks.disabledAt,
    })
    .from(qrCodes)
    .innerJoin(trackedLinks, eq(trackedLinks.qrCodeId, qrCodes.id))
    .leftJoin(customDomains, eq(customDomains.id, trackedLinks.domainId))
    .where(and(eq(qrCodes.id, codeId), eq(qrCodes.workspaceId, workspaceId)))
    .get();
  return row ? { ...row, workspaceId: row.workspaceId! } : null;
}

export interface ChangeStatementsInput {
  codeId: number;
  workspaceId: string;
  url: string;
  kind: DestinationChangeKind;
  changedBy: string | null;
  now: Date;
  /** Only while the link still has this pending change (the cron's run is idempotent). */
  pending?: { url: string; at: Date };
}

/** Holds while the link of `codeId` has this pending change (or always, without one). */
export function stillPending(codeId: number, pending: ChangeStatementsInput["pending"]): SQL {
  return pending
    ? sql`EXISTS (SELECT 1 FROM tracked_links t WHERE t.qr_code_id = ${codeId} AND t.scheduled_url = ${pending.url} AND t.scheduled_at = ${pending.at.getTime()})`
    : sql`1`;
}

/** Holds until the change is made: the link leads elsewhere (and the change is still pending). */
export function changeCondition(codeId: number, url: string, pending?: { url: string; at: Date }) {
  return sql`EXISTS (SELECT 1 FROM tracked_links t WHERE t.qr_code_id = ${codeId} AND t.target_url <> ${url}) AND ${stillPending(codeId, pending)}`;
}

/**
 * The statements of one change, for a batch, in this order: `history` (the old address read in
 * the same statement), `code` (its data.url), then `link` (its target), with anything that must
 * see the link as it was (the audit entry) between the last two. The history row is written only
 * when the address really changes, and, with `pending`, only while that change is still pending;
 * `link` clears the pending change it applied.
 */
export function changeStatements(db: Database, input: ChangeStatementsInput) {
  const { codeId, workspaceId, url, kind, changedBy, now, pending } = input;
  const guard = stillPending(codeId, pending);
  return {
    history: db.insert(destinationChanges).select(
      db
        .select({
          id: sql<null>`NULL`.as("id"),
          qrCodeId: trackedLinks.qrCodeId,
          workspaceId: sql<string>`${workspaceId}`.as("workspace_id"),
          oldUrl: trackedLinks.targetUrl,
          newUrl: sql<string>`${url}`.as("new_url"),
          kind: sql<string>`${kind}`.as("kind"),
          changedBy: sql<string | null>`${changedBy}`.as("changed_by"),
          changedAt: sql<number>`${now.getTime()}`.as("changed_at"),
        })
        .from(trackedLinks)
        .where(
          and(
            eq(trackedLinks.qrCodeId, codeId),
            sql`${trackedLinks.targetUrl} <> ${url}`,
            guard,
            sql`EXISTS (SELECT 1 FROM qr_codes q WHERE q.id = ${codeId} AND q.workspace_id = ${workspaceId})`,
          ),
        ),
    ),
    code: db
      .update(qrCodes)
      .set({ data: sql`json_set(${qrCodes.data}, '$.url', ${url})`, updatedAt: now })
      .where(
        and(
          eq(qrCodes.id, codeId),
          eq(qrCodes.workspaceId, workspaceId),
          sql`json_extract(${qrCodes.data}, '$.url') <> ${url}`,
          guard,
        ),
      ),
    link: db
      .update(trackedLinks)
      .set({
        targetUrl: url,
        ...(pending
          ? { scheduledUrl: null, scheduledAt: null, scheduledZone: null, scheduledBy: null }
          : {}),
      })
      .where(and(eq(trackedLinks.qrCodeId, codeId), guard)),
  };
}

/** Sets the one pending change of a code's link, replacing any earlier one. */
export function setScheduleStatement(
  db: Database,
  codeId: number,
  change: { url: string; at: Date; zone: string; by: string },
) {
  return db
    .update(trackedLinks)
    .set({
      scheduledUrl: change.url,
      scheduledAt: change.at,
      scheduledZone: change.zone,
      scheduledBy: change.by,
    })
    .where(eq(trackedLinks.qrCodeId, codeId));
}

/** Drops the pending change of a code's link, if it is still `pending` when given. */
export function clearScheduleStatement(
  db: Database,
  codeId: number,
  pending?: { url: string; at: Date },
) {
  return db
    .update(trackedLinks)
    .set({ scheduledUrl: null, scheduledAt: null, scheduledZone: null, scheduledBy: null })
    .where(and(eq(trackedLinks.qrCodeId, codeId), stillPending(codeId, pending)));
}

/** The history row telling that a pending change was dropped because the plan lapsed. */
export function cancelledRowStatement(
  db: Database,
  input: { codeId: number; workspaceId: string; pending: { url: string; at: Date }; now: Date },
) {
  const { codeId, workspaceId, pending, now } = input;
  return db.insert(destinationChanges).select(
    db
      .select({
        id: sql<null>`NULL`.as("id"),
        qrCodeId: trackedLinks.qrCodeId,
        workspaceId: sql<string>`${workspaceId}`.as("workspace_id"),
        oldUrl: trackedLinks.targetUrl,
        newUrl: sql<string>`${pending.url}`.as("new_url"),
        kind: sql<string>`'cancelled'`.as("kind"),
        changedBy: sql<null>`NULL`.as("changed_by"),
        changedAt: sql<number>`${now.getTime()}`.as("changed_at"),
      })
      .from(trackedLinks)
      .where(and(eq(trackedLinks.qrCodeId, codeId), stillPending(codeId, pending))),
  );
}

export interface HistoryRow {
  id: number;
  oldUrl: string;
  newUrl: string;
  kind: DestinationChangeKind;
  changedAt: Date;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** A code's changes, newest first (the latest `limit`). */
export async function destinationHistory(
  db: Database,
  codeId: number,
  limit = 50,
): Promise<HistoryRow[]> {
  return db
    .select({
      id: destinationChanges.id,
      oldUrl: destinationChanges.oldUrl,
      newUrl: destinationChanges.newUrl,
      kind: destinationChanges.kind,
      changedAt: destinationChanges.changedAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(destinationChanges)
    .leftJoin(users, eq(users.id, destinationChanges.changedBy))
    .where(eq(destinationChanges.qrCodeId, codeId))
    .orderBy(desc(destinationChanges.changedAt), desc(destinationChanges.id))
    .limit(limit)
    .all();
}

/** One history entry of a code, for Restore. */
export async function findHistoryEntry(db: Database, codeId: number, id: number) {
  return (
    (await db
      .select()
      .from(destinationChanges)
      .where(and(eq(destinationChanges.id, id), eq(destinationChanges.qrCodeId, codeId)))
      .get()) ?? null
  );
}

export interface DueChange {
  codeId: number;
  workspaceId: string;
  title: string | null;
  slug: string;
  url: string;
  at: Date;
  by: string | null;
  byEmail: string | null;
  byFirstName: string | null;
  /** Whether the workspace's plan (its owner's, at `now`) still lets it change. */
  allowed: boolean;
}

function pendingSelection(now: Date) {
  return {
    codeId: qrCodes.id,
    workspaceId: qrCodes.workspaceId,
    title: qrCodes.title,
    slug: trackedLinks.slug,
    url: trackedLinks.scheduledUrl,
    at: trackedLinks.scheduledAt,
    by: trackedLinks.scheduledBy,
    allowed: sql<number>`(${effectivePlanSql(now)} IN (${sql.join(
      DESTINATION_PLANS.map((plan) => sql`${plan}`),
      sql`, `,
    )}))`,
  };
}

/**
 * Pending changes the minute cron must act on at `now`: those due, and those of workspaces whose
 * plan no longer allows them (to be cancelled at once, with a notice). Oldest first.
 */
export async function pendingChangesToSettle(
  db: Database,
  now: Date,
  limit: number,
): Promise<DueChange[]> {
  const rows = await db
    .select({
      ...pendingSelection(now),
      byEmail: sql<
        string | null
      >`(SELECT u.email FROM users u WHERE u.id = ${trackedLinks.scheduledBy})`,
      byFirstName: sql<
        string | null
      >`(SELECT u.first_name FROM users u WHERE u.id = ${trackedLinks.scheduledBy})`,
    })
    .from(trackedLinks)
    .innerJoin(qrCodes, eq(qrCodes.id, trackedLinks.qrCodeId))
    .innerJoin(workspaces, eq(workspaces.id, qrCodes.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(
      and(
        isNotNull(trackedLinks.scheduledAt),
        sql`(${lte(trackedLinks.scheduledAt, now)} OR ${effectivePlanSql(now)} NOT IN (${sql.join(
          DESTINATION_PLANS.map((plan) => sql`${plan}`),
          sql`, `,
        )}))`,
      ),
    )
    .orderBy(trackedLinks.scheduledAt)
    .limit(limit)
    .all();
  return rows.map((row) => ({
    ...row,
    workspaceId: row.workspaceId!,
    url: row.url!,
    at: row.at!,
    allowed: Boolean(row.allowed),
  }));
}

/**
 * Which of these hostnames are active custom domains (which serve only short links). A pending or
 * failed one serves nothing (a bare 404), so nothing can loop through it; counting it would let
 * anyone who adds someone else's hostname break every code that leads there.
 */
export async function customDomainHostnames(db: Database, hostnames: string[]) {
  if (hostnames.length === 0) return new Set<string>();
  const rows = await db
    .select({ hostname: customDomains.hostname })
    .from(customDomains)
    .where(and(inArray(customDomains.hostname, hostnames), eq(customDomains.status, "active")))
    .all();
  return new Set(rows.map((row) => row.hostname));
}
