import type { Database } from "../db/client.server";
import { deleteExpiredAuditEvents } from "../workspaces/audit.server";
import { inChunks } from "./retention.server";

// Nightly: audit log entries are kept as long as the workspace's plan keeps its analytics
// (app/plans/retention.ts: Premium 365 days, Ultimate for as long as the workspace exists, Free
// the 30 days' grace), and then deleted.

/** Entries deleted per run at most; a backlog drains over the following nights. */
export const AUDIT_PURGE_LIMIT = 5000;

export interface AuditRetentionReport {
  deleted: number;
  /** True when the run hit the limit and more may be left for the next one. */
  limitReached: boolean;
}

export async function purgeExpiredAuditEvents(
  db: Database,
  now: Date,
  limit = AUDIT_PURGE_LIMIT,
): Promise<AuditRetentionReport> {
  const deleted = await inChunks((n) => deleteExpiredAuditEvents(db, now, n), limit);
  return { deleted, limitReached: deleted === limit };
}
