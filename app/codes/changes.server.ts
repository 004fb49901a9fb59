import type { Database } from "../db/client.server";
import { deleteWorkspaceCode, trackedSlugs, updateWorkspaceCode } from "../models/qr-codes.server";
import { forgetLinks } from "../scans/links.server";
import { type AuditActor, recordAudit } from "../workspaces/audit.server";
import { emitWebhookEvent } from "../webhooks/emit.server";

// Renaming, sharing and deleting a code, with their entries in the audit log and their webhook
// events (qr_code.updated, qr_code.deleted): the dashboard's forms and the public API make the
// same changes. The caller checked who may.

/** Renames a code; null when the workspace has no such code. */
export async function renameCode(db: Database, id: number, workspaceId: string, title: string) {
  const changed = await updateWorkspaceCode(db, id, workspaceId, { title });
  if (changed) {
    await emitWebhookEvent(db, workspaceId, "qr_code.updated", {
      id,
      title: changed.title,
      changes: ["title"],
    });
  }
  return changed;
}

/** Shares a code or stops sharing it; null when the workspace has no such code. */
export async function setCodeSharing(
  db: Database,
  id: number,
  workspaceId: string,
  actor: AuditActor,
  isPublic: boolean,
) {
  const changed = await updateWorkspaceCode(db, id, workspaceId, { isPublic });
  if (!changed) return null;
  await recordAudit(db, {
    workspaceId,
    actor,
    action: isPublic ? "code.made_public" : "code.made_private",
    target: id,
    details: { title: changed.title ?? undefined },
  });
  await emitWebhookEvent(db, workspaceId, "qr_code.updated", {
    id,
    title: changed.title,
    public: isPublic,
    changes: ["public"],
  });
  return changed;
}

/**
 * Deletes a code with its downloads and scans, and the edge copy of its tracked link here (so
 * this data centre answers 410 at once); null when the workspace has no such code.
 */
export async function deleteCode(
  db: Database,
  id: number,
  workspaceId: string,
  actor: AuditActor,
  origin: string,
) {
  const slug = (await trackedSlugs(db, [id])).get(id);
  const deleted = await deleteWorkspaceCode(db, id, workspaceId);
  if (!deleted) return null;
  if (slug) await forgetLinks(origin, [slug.slug]);
  await recordAudit(db, {
    workspaceId,
    actor,
    action: "code.deleted",
    target: id,
    details: { title: deleted.title ?? undefined },
  });
  await emitWebhookEvent(db, workspaceId, "qr_code.deleted", { id, title: deleted.title });
  return deleted;
}
