import { eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  qrCodes,
  qrDownloads,
  qrScans,
  scanInbox,
  scanRollups,
  scanSalts,
  users,
  workspaces,
} from "../db/schema";
import { PLAN_IDS } from "../plans/catalogue";
import { analyticsKeptSince } from "../plans/retention";
import { effectivePlanSql } from "./effective-plan.server";

// Removing scans and downloads the plan of the code's workspace (its owner's) no longer keeps. The codes' lifetime
// download_count is not touched: it is a counter, not analytics history.

/** Per row: the moment before which its owner's effective plan drops it; NULL, never. */
export function keptSinceSql(now: Date) {
  const cases = PLAN_IDS.map((plan) => {
    const since = analyticsKeptSince(plan, now);
    return sql`WHEN ${plan} THEN ${since === null ? sql`NULL` : since.getTime()}`;
  });
  return sql`(CASE ${effectivePlanSql(now)} ${sql.join(cases, sql` `)} END)`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const ANALYTICS = {
  scans: { table: qrScans, id: qrScans.id, codeId: qrScans.qrCodeId, at: qrScans.scannedAt },
  downloads: {
    table: qrDownloads,
    id: qrDownloads.id,
    codeId: qrDownloads.qrCodeId,
    at: qrDownloads.downloadedAt,
  },
};

/**
 * Deletes up to `limit` expired rows of one kind in one statement (D1 has no interactive
 * transactions, so the choice and the delete are one) and returns how many went.
 */
export async function deleteExpiredAnalytics(
  db: Database,
  kind: keyof typeof ANALYTICS,
  now: Date,
  limit: number,
): Promise<number> {
  const { table, id, codeId, at } = ANALYTICS[kind];
  const expired = db
    .select({ id })
    .from(table)
    .innerJoin(qrCodes, eq(qrCodes.id, codeId))
    .innerJoin(workspaces, eq(workspaces.id, qrCodes.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(lt(at, keptSinceSql(now)))
    .limit(limit);
  const result = await db.delete(table).where(inArray(id, expired));
  return result.meta.changes;
}

/** Up to `limit` hourly rollup rows older than their owner's plan keeps, in one statement. */
export async function deleteExpiredRollups(
  db: Database,
  now: Date,
  limit: number,
): Promise<number> {
  const expired = db
    .select({
      qrCodeId: scanRollups.qrCodeId,
      dimension: scanRollups.dimension,
      hour: scanRollups.hour,
      value: scanRollups.value,
    })
    .from(scanRollups)
    .innerJoin(qrCodes, eq(qrCodes.id, scanRollups.qrCodeId))
    .innerJoin(workspaces, eq(workspaces.id, qrCodes.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(lt(scanRollups.hour, keptSinceSql(now)))
    .limit(limit);
  // The table has no rowid (WITHOUT ROWID): rows are named by their whole key. Counted by
  // RETURNING: D1's `changes` also counts what the scan count's trigger (migration 0025) writes.
  const deleted = await db.all(
    sql`DELETE FROM scan_rollups WHERE (qr_code_id, dimension, hour, value) IN ${expired} RETURNING 1`,
  );
  return deleted.length;
}

/** Days the scan inbox and the visitor salts are kept (app/scans/events.server.ts). */
export const SCAN_INBOX_DAYS = 2;

/**
 * Forgets up to `limit` folded scan events older than two days, and the salts of the days before
 * yesterday (after which a visitor hash cannot be recomputed by anyone).
 */
export async function deleteOldScanEvents(db: Database, now: Date, limit: number): Promise<number> {
  const before = now.getTime() - SCAN_INBOX_DAYS * DAY_MS;
  const old = db
    .select({ id: scanInbox.id })
    .from(scanInbox)
    .where(lt(scanInbox.receivedAt, before))
    .limit(limit);
  const [events] = await db.batch([
    db.delete(scanInbox).where(inArray(scanInbox.id, old)),
    db.delete(scanSalts).where(lt(scanSalts.day, Math.floor(now.getTime() / DAY_MS) - 1)),
  ]);
  return events.meta.changes;
}
