import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { users, type WorkspaceBrandRecord, workspaceBrands, workspaces } from "../db/schema";
import { PLANS } from "../plans/catalogue";
import { effectivePlan } from "../plans/effective";

// The workspace_brands table (issue #18, migration 0013).

export async function findBrand(
  db: Database,
  workspaceId: string,
): Promise<WorkspaceBrandRecord | null> {
  return (
    (await db
      .select()
      .from(workspaceBrands)
      .where(eq(workspaceBrands.workspaceId, workspaceId))
      .get()) ?? null
  );
}

/**
 * The brand scanners see for a workspace's codes: only while the workspace's plan (its owner's)
 * includes white label. After a downgrade the settings are kept but not shown.
 */
export async function shownBrand(
  db: Database,
  workspaceId: string,
  now: Date,
): Promise<WorkspaceBrandRecord | null> {
  const row = await db
    .select({ brand: workspaceBrands, owner: users })
    .from(workspaceBrands)
    .innerJoin(workspaces, eq(workspaces.id, workspaceBrands.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaceBrands.workspaceId, workspaceId))
    .get();
  if (!row) return null;
  return PLANS[effectivePlan(row.owner, now)].capabilities.whiteLabel ? row.brand : null;
}

export async function saveBrand(db: Database, brand: WorkspaceBrandRecord): Promise<void> {
  const { workspaceId: _key, ...changes } = brand;
  await db
    .insert(workspaceBrands)
    .values(brand)
    .onConflictDoUpdate({ target: workspaceBrands.workspaceId, set: changes });
}

export async function deleteBrand(db: Database, workspaceId: string): Promise<void> {
  await db.delete(workspaceBrands).where(eq(workspaceBrands.workspaceId, workspaceId));
}
