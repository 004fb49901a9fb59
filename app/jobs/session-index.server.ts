import { deleteExpiredSessionRows } from "../auth/session-index.server";
import type { Database } from "../db/client.server";
import { inChunks } from "./retention.server";

// Nightly: the rows of /account's session list whose session has expired (30 days after it
// started; KV forgets the session itself on its own) are deleted.

/** Rows deleted per run at most; a backlog drains over the following nights. */
export const SESSION_PURGE_LIMIT = 5000;

export async function purgeExpiredSessionRows(
  db: Database,
  now: Date,
  limit = SESSION_PURGE_LIMIT,
): Promise<{ deleted: number; limitReached: boolean }> {
  const deleted = await inChunks((n) => deleteExpiredSessionRows(db, now, n), limit);
  return { deleted, limitReached: deleted === limit };
}
