import type { Database } from "../db/client.server";
import { deleteExpiredAnalytics } from "../models/analytics.server";

// Nightly: scans and downloads older than the owner's effective plan keeps them
// (app/plans/retention.ts) are deleted.

/** Rows deleted per table per run at most; a backlog drains over the following nights. */
export const ANALYTICS_PURGE_LIMIT = 5000;
/** Rows per DELETE statement, so that no single statement holds the database for long. */
const CHUNK = 1000;

export interface RetentionReport {
  scansDeleted: number;
  downloadsDeleted: number;
  /** True when a table hit the limit and may hold more for the next run. */
  limitReached: boolean;
}

export async function purgeExpiredAnalytics(db: Database, now: Date): Promise<RetentionReport> {
  const scansDeleted = await inChunks((n) => deleteExpiredAnalytics(db, "scans", now, n));
  const downloadsDeleted = await inChunks((n) => deleteExpiredAnalytics(db, "downloads", now, n));
  return {
    scansDeleted,
    downloadsDeleted,
    limitReached: Math.max(scansDeleted, downloadsDeleted) === ANALYTICS_PURGE_LIMIT,
  };
}

/** Deletes chunk by chunk until nothing is left or the run's `limit` is reached. */
export async function inChunks(
  deleteUpTo: (n: number) => Promise<number>,
  limit = ANALYTICS_PURGE_LIMIT,
): Promise<number> {
  let total = 0;
  while (total < limit) {
    const n = Math.min(CHUNK, limit - total);
    const deleted = await deleteUpTo(n);
    total += deleted;
    if (deleted < n) break;
  }
  return total;
}
