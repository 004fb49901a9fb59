import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type BulkJobRecord, type BulkStatus, bulkJobChunks, bulkJobs, users } from "../db/schema";

// Bulk jobs in D1 (issue #17): a row per batch; chunks made are counted in bulk_job_chunks.

export type NewBulkJob = Omit<
  BulkJobRecord,
  "doneRows" | "chunks" | "zipBytes" | "error" | "startedAt" | "finishedAt"
>;

export async function insertBulkJob(db: Database, job: NewBulkJob): Promise<void> {
  await db.insert(bulkJobs).values(job);
}

export async function findBulkJob(db: Database, id: string, workspaceId: string) {
  return (
    (await db
      .select()
      .from(bulkJobs)
      .where(and(eq(bulkJobs.id, id), eq(bulkJobs.workspaceId, workspaceId)))
      .get()) ?? null
  );
}

/** The workspace's batch if it is still kept (not past its expiry at `now`); else null. */
export async function findKeptBulkJob(db: Database, id: string, workspaceId: string, now: Date) {
  const job = await findBulkJob(db, id, workspaceId);
  return job && job.expiresAt > now ? job : null;
}

export async function bulkJobById(db: Database, id: string) {
  return (await db.select().from(bulkJobs).where(eq(bulkJobs.id, id)).get()) ?? null;
}

/** The workspace's batches that can still be opened, newest first. */
export async function recentBulkJobs(db: Database, workspaceId: string, now: Date, limit = 10) {
  return db
    .select()
    .from(bulkJobs)
    .where(
      and(
        eq(bulkJobs.workspaceId, workspaceId),
        sql`${bulkJobs.expiresAt} > ${now.getTime()}`,
        sql`${bulkJobs.status} <> 'checked'`,
      ),
    )
    .orderBy(desc(bulkJobs.createdAt))
    .limit(limit)
    .all();
}

/**
 * Moves a job from one status to another, only if it is still in `from`: two clicks on "Generate"
 * start one job. Returns whether this call moved it.
 */
export async function moveBulkJob(
  db: Database,
  id: string,
  from: BulkStatus[],
  to: BulkStatus,
  set: Partial<Pick<BulkJobRecord, "chunks" | "startedAt" | "expiresAt">> = {},
): Promise<boolean> {
  const moved = await db
    .update(bulkJobs)
    .set({ status: to, ...set })
    .where(and(eq(bulkJobs.id, id), inArray(bulkJobs.status, from)))
    .returning({ id: bulkJobs.id });
  return moved.length > 0;
}

/**
 * Records a chunk as made (once, however often it is delivered), brings the job's count of rows
 * made up to date, and returns how many of its chunks are made: one D1 batch.
 */
export async function recordChunk(db: Database, jobId: string, chunk: number, rows: number) {
  const [, , made] = await db.batch([
    db.insert(bulkJobChunks).values({ jobId, chunk, rows }).onConflictDoNothing(),
    db
      .update(bulkJobs)
      .set({
        doneRows: sql`(SELECT coalesce(sum(rows), 0) FROM bulk_job_chunks WHERE job_id = ${jobId})`,
        status: sql`CASE WHEN ${bulkJobs.status} = 'queued' THEN 'running' ELSE ${bulkJobs.status} END`,
      })
      .where(eq(bulkJobs.id, jobId)),
    db
      .select({ chunks: sql<number>`count(*)` })
      .from(bulkJobChunks)
      .where(eq(bulkJobChunks.jobId, jobId)),
  ]);
  return made[0]?.chunks ?? 0;
}

export async function finishBulkJob(
  db: Database,
  id: string,
  outcome: { zipBytes: number; doneRows: number } | { error: string },
  now: Date,
  keepUntil: Date,
) {
  await db
    .update(bulkJobs)
    .set(
      "error" in outcome
        ? { status: "failed", error: outcome.error, finishedAt: now, expiresAt: keepUntil }
        : {
            status: "done",
            zipBytes: outcome.zipBytes,
            doneRows: outcome.doneRows,
            finishedAt: now,
            expiresAt: keepUntil,
          },
    )
    .where(eq(bulkJobs.id, id));
}

/** Who made a job, to tell them it is done. */
export async function bulkJobCreator(db: Database, userId: string | null) {
  if (!userId) return null;
  return (
    (await db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId))
      .get()) ?? null
  );
}

/** Jobs whose time is up (kept 7 days when done, 1 day when only checked). */
export async function expiredBulkJobs(db: Database, now: Date, limit = 200) {
  return db
    .select({ id: bulkJobs.id })
    .from(bulkJobs)
    .where(lt(bulkJobs.expiresAt, now))
    .limit(limit)
    .all();
}

export async function deleteBulkJobs(db: Database, ids: string[]) {
  if (ids.length === 0) return;
  for (let at = 0; at < ids.length; at += 90) {
    await db.delete(bulkJobs).where(inArray(bulkJobs.id, ids.slice(at, at + 90)));
  }
}

export async function existingBulkJobIds(db: Database, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let at = 0; at < ids.length; at += 90) {
    const rows = await db
      .select({ id: bulkJobs.id })
      .from(bulkJobs)
      .where(inArray(bulkJobs.id, ids.slice(at, at + 90)))
      .all();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
