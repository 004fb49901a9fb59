import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type BrandStyleRecord, brandStyles } from "../db/schema";
import type { Design } from "../design/schema";
import { isUniqueViolation } from "./users.server";

// The brand_styles table (issue #28, migration 0020). Every query names the workspace: another
// workspace's style is exactly as absent as one that never existed.

export function workspaceStyles(db: Database, workspaceId: string): Promise<BrandStyleRecord[]> {
  return db
    .select()
    .from(brandStyles)
    .where(eq(brandStyles.workspaceId, workspaceId))
    .orderBy(asc(brandStyles.name));
}

export async function findStyle(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<BrandStyleRecord | null> {
  return (
    (await db
      .select()
      .from(brandStyles)
      .where(and(eq(brandStyles.workspaceId, workspaceId), eq(brandStyles.id, id)))
      .get()) ?? null
  );
}

export type StyleWrite = "ok" | "limit" | "name-taken" | "missing";

/** Inserts a style unless the workspace already has `limit` of them (checked in the statement). */
export async function insertStyle(
  db: Database,
  style: { id: string; workspaceId: string; name: string; design: Design; createdBy: string },
  limit: number,
  now = new Date(),
): Promise<StyleWrite> {
  try {
    const result = await db.$client
      .prepare(
        `INSERT INTO brand_styles (id, workspace_id, name, design, created_by, created_at, updated_at)
         SELECT ?, ?, ?, ?, ?, ?, ?
         WHERE (SELECT COUNT(*) FROM brand_styles WHERE workspace_id = ?) < ?`,
      )
      .bind(
        style.id,
        style.workspaceId,
        style.name,
        JSON.stringify(style.design),
        style.createdBy,
        now.getTime(),
        now.getTime(),
        style.workspaceId,
        limit,
      )
      .run();
    return result.meta.changes === 1 ? "ok" : "limit";
  } catch (error) {
    if (isUniqueViolation(error)) return "name-taken";
    throw error;
  }
}

/** Renames and/or redesigns a style of the workspace. */
export async function updateStyle(
  db: Database,
  workspaceId: string,
  id: string,
  change: { name?: string; design?: Design },
  now = new Date(),
): Promise<StyleWrite> {
  try {
    const updated = await db
      .update(brandStyles)
      .set({ ...change, updatedAt: now })
      .where(and(eq(brandStyles.workspaceId, workspaceId), eq(brandStyles.id, id)))
      .returning({ id: brandStyles.id });
    return updated.length === 1 ? "ok" : "missing";
  } catch (error) {
    if (isUniqueViolation(error)) return "name-taken";
    throw error;
  }
}

export async function deleteStyle(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<BrandStyleRecord | null> {
  const [deleted] = await db
    .delete(brandStyles)
    .where(and(eq(brandStyles.workspaceId, workspaceId), eq(brandStyles.id, id)))
    .returning();
  return deleted ?? null;
}
