import type { Database } from "../db/client.server";
import {
  deleteExpiredAnalytics,
  deleteExpiredRollups,
  deleteOldScanEvents,
} from "../models/analytics.server";

// Nightly: scans and downloads older than the owner's effective plan keeps them
// (app/plans/retention.ts) are deleted: raw rows and the hourly rollups alike (issue #30). The
// scan inbox and the visitor salts go after two days whatever the plan.

/** Rows deleted per table per run at most; a backlog drains over the following nights. */
export const ANALYTICS_PURGE_LIMIT = 5000;
/** Rows per DELETE statement, so that no single statement holds the database for long. */
const CHUNK = 1000;

export interface RetentionReport {
  scansDeleted: number;
  downloadsDeleted: number;
  rollupsDeleted: number;
  scanEventsDeleted: number;
  /** True when a table hit the limit and may hold more for the next run. */
  limitReached: boolean;
}

export async function purgeExpiredAnalytics(db: Database, now: Date): Promise<RetentionReport> {
  const scansDeleted = await inChunks((n) => deleteExpiredAnalytics(db, "scans", now, n));
  const downloadsDeleted = await inChunks((n) => deleteExpiredAnalytics(db, "downloads", now, n));
  const rollupsDeleted = await inChunks((n) => deleteExpiredRollups(db, now, n));
  const scanEventsDeleted = await inChunks((n) => deleteOldScanEvents(db, now, n));
  return {
    scansDeleted,
    downloadsDeleted,
    rollupsDeleted,
    scanEventsDeleted,
    limitReached:
      Math.max(scansDeleted, downloadsDeleted, rollupsDeleted, scanEventsDeleted) ===
      ANALYTICS_PURGE_LIMIT,
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
