import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { staffAudit, type StaffAuditRecord, type UserRecord } from "../db/schema";

// The staff console's own audit log (issue #31): every staff action, kept apart from workspaces'
// audit_events so that members never see it and deleting a workspace keeps it.

export interface StaffAction {
  action: string;
  subjectType: "link" | "workspace" | "user" | "domain" | "blocklist" | "report";
  subjectId: string;
  details?: Record<string, unknown>;
}

export async function recordStaffAction(
  db: Database,
  staff: Pick<UserRecord, "id" | "email">,
  entry: StaffAction,
  now = new Date(),
): Promise<void> {
  await db.insert(staffAudit).values({
    staffId: staff.id,
    staffEmail: staff.email,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    details: entry.details ?? null,
    createdAt: now,
  });
}

export const STAFF_AUDIT_PAGE = 50;

/** One page of the log, newest first; `before` is the id of the last entry already shown. */
export async function staffAuditPage(
  db: Database,
  options: { before?: number; subject?: { type: string; id: string } } = {},
): Promise<{ entries: StaffAuditRecord[]; next: number | null }> {
  const conditions = [];
  if (options.before !== undefined) conditions.push(lt(staffAudit.id, options.before));
  if (options.subject) {
    conditions.push(eq(staffAudit.subjectType, options.subject.type));
    conditions.push(eq(staffAudit.subjectId, options.subject.id));
  }
  const rows = await db
    .select()
    .from(staffAudit)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(staffAudit.id))
    .limit(STAFF_AUDIT_PAGE + 1);
  const entries = rows.slice(0, STAFF_AUDIT_PAGE);
  const last = entries.at(-1);
  const next = rows.length > STAFF_AUDIT_PAGE && last ? last.id : null;
  return { entries, next };
}
