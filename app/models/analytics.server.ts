import { eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { qrCodes, qrDownloads, qrScans, users, workspaces } from "../db/schema";
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
