import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { MAX_TAGS_PER_CODE } from "../codes/tags";

// Tags of a workspace's codes (issue #29). Every statement names the workspace, so an id of
// another workspace's code changes nothing; the count per code is checked inside the INSERT,
// as saveCode checks the plan's limit, so simultaneous posts cannot pass it.

/**
 * Gives `tag` to each code; returns the ids that could not take it because they already have
 * MAX_TAGS_PER_CODE other tags. Codes that have it already are left as they are.
 */
export async function addTag(
  db: Database,
  workspaceId: string,
  codeIds: number[],
  tag: string,
  now = new Date(),
): Promise<number[]> {
  if (codeIds.length === 0) return [];
  const insert = db.$client.prepare(
    `INSERT OR IGNORE INTO code_tags (code_id, workspace_id, tag, created_at)
     SELECT c.id, c.workspace_id, ?1, ?2 FROM qr_codes c
     WHERE c.id = ?3 AND c.workspace_id = ?4
       AND (SELECT count(*) FROM code_tags g WHERE g.code_id = c.id) < ?5`,
  );
  await db.$client.batch(
    codeIds.map((id) => insert.bind(tag, now.getTime(), id, workspaceId, MAX_TAGS_PER_CODE)),
  );
  const have = await db.all<{ code_id: number }>(
    sql`SELECT code_id FROM code_tags WHERE workspace_id = ${workspaceId} AND tag = ${tag}
      AND code_id IN (${sql.join(
        codeIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const tagged = new Set(have.map((row) => row.code_id));
  return codeIds.filter((id) => !tagged.has(id));
}

/** Takes `tag` off each code of the workspace that has it. */
export async function removeTag(
  db: Database,
  workspaceId: string,
  codeIds: number[],
  tag: string,
): Promise<void> {
  if (codeIds.length === 0) return;
  await db.run(
    sql`DELETE FROM code_tags WHERE workspace_id = ${workspaceId} AND tag = ${tag}
      AND code_id IN (${sql.join(
        codeIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
}

/** Which of these ids are codes of the workspace, with their titles (for a confirmation). */
export async function workspaceCodesAmong(
  db: Database,
  workspaceId: string,
  codeIds: number[],
): Promise<{ id: number; title: string | null; type: string }[]> {
  if (codeIds.length === 0) return [];
  return db.all(
    sql`SELECT id, title, type FROM qr_codes WHERE workspace_id = ${workspaceId}
      AND id IN (${sql.join(
        codeIds.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY id`,
  );
}
