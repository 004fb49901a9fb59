import { and, count, desc, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { customDomains, linkReports, qrCodes, trackedLinks, users, workspaces } from "../db/schema";

// Reports of abused links and the links' state, as the staff console reads and changes them
// (issue #31). Nothing here is ever read on a workspace's behalf.

export interface StaffLink {
  slug: string;
  hostname: string | null;
  targetUrl: string;
  codeId: number | null;
  title: string | null;
  workspaceId: string | null;
  workspaceName: string | null;
  ownerEmail: string | null;
  ownerFirstName: string | null;
  disabledAt: Date | null;
  disabledReason: string | null;
}

function staffLinks(db: Database) {
  return db
    .select({
      slug: trackedLinks.slug,
      hostname: customDomains.hostname,
      targetUrl: trackedLinks.targetUrl,
      codeId: trackedLinks.qrCodeId,
      title: qrCodes.title,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      ownerEmail: users.email,
      ownerFirstName: users.firstName,
      disabledAt: trackedLinks.disabledAt,
      disabledReason: trackedLinks.disabledReason,
    })
    .from(trackedLinks)
    .leftJoin(customDomains, eq(customDomains.id, trackedLinks.domainId))
    .leftJoin(qrCodes, eq(qrCodes.id, trackedLinks.qrCodeId))
    .leftJoin(workspaces, eq(workspaces.id, qrCodes.workspaceId))
    .leftJoin(users, eq(users.id, workspaces.ownerId));
}

export async function staffLink(db: Database, slug: string): Promise<StaffLink | null> {
  return (await staffLinks(db).where(eq(trackedLinks.slug, slug)).get()) ?? null;
}

/** Links with open reports, the most reported first, then the most recently reported. */
export async function reportedLinks(db: Database, limit: number) {
  const groups = await db
    .select({ slug: linkReports.slug, reports: count(), latest: max(linkReports.createdAt) })
    .from(linkReports)
    .where(isNull(linkReports.resolvedAt))
    .groupBy(linkReports.slug)
    .orderBy(desc(count()), desc(max(linkReports.createdAt)))
    .limit(limit);
  if (groups.length === 0) return [];
  const slugs = groups.map((group) => group.slug);
  const links = await staffLinks(db).where(inArray(trackedLinks.slug, slugs));
  const reports = await db
    .select()
    .from(linkReports)
    .where(and(inArray(linkReports.slug, slugs), isNull(linkReports.resolvedAt)))
    .orderBy(desc(linkReports.createdAt));
  return groups.flatMap((group) => {
    const link = links.find((candidate) => candidate.slug === group.slug);
    if (!link) return [];
    return [{ link, reports: reports.filter((report) => report.slug === group.slug) }];
  });
}

/** Every report of a link, open ones first, newest first. */
export function reportsOf(db: Database, slug: string) {
  return db
    .select()
    .from(linkReports)
    .where(eq(linkReports.slug, slug))
    .orderBy(sql`${linkReports.resolvedAt} IS NOT NULL`, desc(linkReports.createdAt));
}

/** The links staff disabled, the latest first: where they are enabled again. */
export function disabledLinks(db: Database, limit: number) {
  return staffLinks(db)
    .where(isNotNull(trackedLinks.disabledAt))
    .orderBy(desc(trackedLinks.disabledAt))
    .limit(limit);
}

export function resolveReportsStatement(
  db: Database,
  slug: string,
  resolution: "disabled" | "dismissed",
  staffId: string,
  now: Date,
) {
  return db
    .update(linkReports)
    .set({ resolvedAt: now, resolution, resolvedBy: staffId })
    .where(and(eq(linkReports.slug, slug), isNull(linkReports.resolvedAt)));
}

/** Disables the link, and drops its pending scheduled change, which would re-point it later. */
export function disableLinkStatement(
  db: Database,
  slug: string,
  change: { reason: string; staffId: string; now: Date },
) {
  return db
    .update(trackedLinks)
    .set({
      disabledAt: change.now,
      disabledReason: change.reason,
      disabledBy: change.staffId,
      scheduledUrl: null,
      scheduledAt: null,
      scheduledZone: null,
      scheduledBy: null,
    })
    .where(and(eq(trackedLinks.slug, slug), isNull(trackedLinks.disabledAt)));
}

export function enableLinkStatement(db: Database, slug: string) {
  return db
    .update(trackedLinks)
    .set({ disabledAt: null, disabledReason: null, disabledBy: null })
    .where(and(eq(trackedLinks.slug, slug), isNotNull(trackedLinks.disabledAt)));
}
