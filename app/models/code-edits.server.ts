import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { qrCodes } from "../db/schema";
import type { StoredCustomization } from "../design/customization";
import type { QrContent } from "../qr/types";

// A saved code's design and (static codes only) content, changed from its page (issue #29 item
// 8). Each touches one column of the workspace's code: the design never rewrites the content, nor
// the content the design, and neither the tracked link, which lives in its own table.

/** Replaces the code's design; false when the workspace has no such code. */
export async function updateCodeDesign(
  db: Database,
  id: number,
  workspaceId: string,
  customization: StoredCustomization,
): Promise<boolean> {
  const updated = await db
    .update(qrCodes)
    .set({ customization, updatedAt: new Date() })
    .where(and(eq(qrCodes.id, id), eq(qrCodes.workspaceId, workspaceId)))
    .returning({ id: qrCodes.id });
  return updated.length > 0;
}

/** Replaces a code's content, keeping its type; false when the workspace has no such code. */
export async function updateCodeContent(
  db: Database,
  id: number,
  workspaceId: string,
  content: QrContent,
): Promise<boolean> {
  const { type, ...data } = content;
  const updated = await db
    .update(qrCodes)
    .set({ data, updatedAt: new Date() })
    .where(and(eq(qrCodes.id, id), eq(qrCodes.workspaceId, workspaceId), eq(qrCodes.type, type)))
    .returning({ id: qrCodes.id });
  return updated.length > 0;
}
