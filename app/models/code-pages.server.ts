import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type QrCodeRecord, qrCodes, users } from "../db/schema";

// Saved codes of a workspace for the public API: by id, or a page at a time newest first. Pages
// are cut by id (a cursor), not by offset, so codes saved while a client pages never shift or
// repeat a page.

export interface CodeWithCreator {
  code: QrCodeRecord;
  creatorEmail: string | null;
}

const selection = { code: qrCodes, creatorEmail: users.email };

export async function findCodeWithCreator(
  db: Database,
  workspaceId: string,
  id: number,
): Promise<CodeWithCreator | null> {
  const row = await db
    .select(selection)
    .from(qrCodes)
    .leftJoin(users, eq(users.id, qrCodes.userId))
    .where(and(eq(qrCodes.id, id), eq(qrCodes.workspaceId, workspaceId)))
    .get();
  return row ?? null;
}

/** Up to `limit` codes older than `startingAfter` (an id), and whether more follow. */
export async function codePage(
  db: Database,
  workspaceId: string,
  { limit, startingAfter }: { limit: number; startingAfter?: number },
): Promise<{ rows: CodeWithCreator[]; hasMore: boolean }> {
  const rows = await db
    .select(selection)
    .from(qrCodes)
    .leftJoin(users, eq(users.id, qrCodes.userId))
    .where(
      and(
        eq(qrCodes.workspaceId, workspaceId),
        startingAfter === undefined ? undefined : lt(qrCodes.id, startingAfter),
      ),
    )
    .orderBy(desc(qrCodes.id))
    .limit(limit + 1)
    .all();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
