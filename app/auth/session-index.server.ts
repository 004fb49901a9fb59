import { and, desc, eq, gte, inArray, lt, ne } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type SessionRecord, sessions, type SignInMethod } from "../db/schema";
import { deviceSummary } from "./device";

// The D1 index of the sessions kept in KV (issue #31): one row per session, keyed by the SHA-256
// of its id, so /account can list a person's sessions and end any one of them. The raw id never
// reaches D1 or the browser; the hash cannot be turned back into a cookie.

/** A session's last use is written at most this often, not on every request. */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Where the request says it comes from (Cloudflare fills `request.cf`; local runs have none). */
function placeOf(request: Request): { country: string | null; city: string | null } {
  const cf = (request as Request & { cf?: { country?: unknown; city?: unknown } }).cf;
  const text = (value: unknown, max: number) =>
    typeof value === "string" && value && value !== "XX" && value !== "T1"
      ? value.slice(0, max)
      : null;
  return { country: text(cf?.country, 2), city: text(cf?.city, 80) };
}

export interface NewSessionRow {
  hash: string;
  userId: string;
  method: SignInMethod;
  signedInAt: number;
  createdAt: number;
  expiresAt: number;
}

export function insertSessionRow(db: Database, request: Request, row: NewSessionRow) {
  return db.insert(sessions).values({
    id: row.hash,
    userId: row.userId,
    method: row.method,
    signedInAt: new Date(row.signedInAt),
    createdAt: new Date(row.createdAt),
    lastUsedAt: new Date(row.createdAt),
    expiresAt: new Date(row.expiresAt),
    device: deviceSummary(request.headers.get("User-Agent")),
    ...placeOf(request),
  });
}

/** Records a use of the session; true when its row still exists (it was not ended meanwhile). */
export async function touchSessionRow(db: Database, hash: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(eq(sessions.id, hash))
    .returning({ id: sessions.id });
  return updated.length > 0;
}

export function deleteSessionRow(db: Database, hash: string) {
  return db.delete(sessions).where(eq(sessions.id, hash));
}

/**
 * The person's live sessions, most recently used first. Rows that started before "sign out
 * everywhere" or a new password (users.sessions_revoked_at) are dead already and not shown.
 */
export function listSessionRows(
  db: Database,
  userId: string,
  revokedAt: Date | null,
  now: Date,
): Promise<SessionRecord[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gte(sessions.expiresAt, now),
        revokedAt ? gte(sessions.createdAt, revokedAt) : undefined,
      ),
    )
    .orderBy(desc(sessions.lastUsedAt))
    .all();
}

/**
 * Deletes `userId`'s row `hash` and returns it; null when there is no such session of theirs.
 * The owner is part of the condition: another person's row id ends nothing.
 */
export async function takeSessionRow(
  db: Database,
  userId: string,
  hash: string,
): Promise<SessionRecord | null> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, hash), eq(sessions.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deletes every row of `userId` but `keep` and returns their hashes. */
export async function takeOtherSessionRows(
  db: Database,
  userId: string,
  keep: string | null,
): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** The nightly job: deletes up to `limit` rows whose session has expired; returns how many. */
export async function deleteExpiredSessionRows(
  db: Database,
  now: Date,
  limit: number,
): Promise<number> {
  const expired = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(lt(sessions.expiresAt, now))
    .limit(limit);
  const result = await db.delete(sessions).where(inArray(sessions.id, expired));
  return result.meta.changes;
}
