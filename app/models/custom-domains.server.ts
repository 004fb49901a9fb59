import { and, asc, count, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  type CustomDomainRecord,
  customDomains,
  trackedLinks,
  users,
  workspaces,
} from "../db/schema";
import type { HostnameState } from "../domains/provider.server";

// The custom_domains table (issue #18, migration 0012).

export interface DomainWithUse extends CustomDomainRecord {
  /** Tracked links printed with this domain. */
  links: number;
}

export async function workspaceDomains(
  db: Database,
  workspaceId: string,
): Promise<DomainWithUse[]> {
  const rows = await db
    .select({ domain: customDomains, links: count(trackedLinks.slug) })
    .from(customDomains)
    .leftJoin(trackedLinks, eq(trackedLinks.domainId, customDomains.id))
    .where(eq(customDomains.workspaceId, workspaceId))
    .groupBy(customDomains.id)
    .orderBy(asc(customDomains.createdAt))
    .all();
  return rows.map((row) => ({ ...row.domain, links: row.links }));
}

export async function findDomain(db: Database, id: string, workspaceId: string) {
  return (
    (await db
      .select()
      .from(customDomains)
      .where(and(eq(customDomains.id, id), eq(customDomains.workspaceId, workspaceId)))
      .get()) ?? null
  );
}

export async function domainByHostname(db: Database, hostname: string) {
  return (
    (await db.select().from(customDomains).where(eq(customDomains.hostname, hostname)).get()) ??
    null
  );
}

export async function insertDomain(
  db: Database,
  domain: { workspaceId: string; hostname: string; createdBy: string },
  state: HostnameState,
  now: Date,
  nextCheckAt: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(customDomains).values({
    id,
    workspaceId: domain.workspaceId,
    hostname: domain.hostname,
    providerId: state.providerId,
    status: state.status,
    hostnameStatus: state.hostnameStatus,
    certificateStatus: state.certificateStatus,
    problems: state.problems,
    createdBy: domain.createdBy,
    createdAt: now,
    checkedAt: now,
    nextCheckAt: state.status === "pending" ? nextCheckAt : null,
    activatedAt: state.status === "active" ? now : null,
  });
  return id;
}

export async function recordCheck(
  db: Database,
  domain: CustomDomainRecord,
  state: HostnameState,
  now: Date,
  nextCheckAt: Date | null,
): Promise<void> {
  await db
    .update(customDomains)
    .set({
      status: state.status,
      hostnameStatus: state.hostnameStatus,
      certificateStatus: state.certificateStatus,
      problems: state.problems,
      checks: sql`${customDomains.checks} + 1`,
      checkedAt: now,
      nextCheckAt: state.status === "pending" ? nextCheckAt : null,
      activatedAt: state.status === "active" ? (domain.activatedAt ?? now) : domain.activatedAt,
    })
    .where(eq(customDomains.id, domain.id));
}

/** A check that could not reach the provider: counted, and the next one is later. */
export async function postponeCheck(
  db: Database,
  id: string,
  now: Date,
  nextCheckAt: Date,
): Promise<void> {
  await db
    .update(customDomains)
    .set({ checks: sql`${customDomains.checks} + 1`, checkedAt: now, nextCheckAt })
    .where(eq(customDomains.id, id));
}

export async function deleteDomain(db: Database, id: string): Promise<void> {
  await db.delete(customDomains).where(eq(customDomains.id, id));
}

/** Deletes a domain unless it became active meanwhile (a "Check now"); whether it did. */
export async function deleteUnverifiedDomain(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .delete(customDomains)
    .where(and(eq(customDomains.id, id), isNull(customDomains.activatedAt)))
    .returning({ id: customDomains.id });
  return deleted.length > 0;
}

/** Pending domains whose next check is due, oldest due first. */
export async function dueDomains(db: Database, now: Date, limit: number) {
  return db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.status, "pending"), lte(customDomains.nextCheckAt, now)))
    .orderBy(asc(customDomains.nextCheckAt))
    .limit(limit)
    .all();
}

/** The workspace's active domains, for choosing one when saving a tracked code. */
export async function activeDomains(db: Database, workspaceId: string) {
  return db
    .select({ id: customDomains.id, hostname: customDomains.hostname })
    .from(customDomains)
    .where(and(eq(customDomains.workspaceId, workspaceId), eq(customDomains.status, "active")))
    .orderBy(asc(customDomains.hostname))
    .all();
}

/** The hostnames of a workspace, or of every workspace one person owns (before they go). */
export async function hostnamesOf(
  db: Database,
  owner: { workspaceId: string } | { ownerId: string },
): Promise<{ providerId: string | null; hostname: string }[]> {
  return db
    .select({ providerId: customDomains.providerId, hostname: customDomains.hostname })
    .from(customDomains)
    .where(
      "workspaceId" in owner
        ? eq(customDomains.workspaceId, owner.workspaceId)
        : inArray(
            customDomains.workspaceId,
            db
              .select({ id: workspaces.id })
              .from(workspaces)
              .where(eq(workspaces.ownerId, owner.ownerId)),
          ),
    )
    .all();
}

/** Domains added before `before` that never became active, oldest first, with their owner. */
export async function unverifiedDomains(db: Database, before: Date, limit: number) {
  return db
    .select({
      domain: customDomains,
      owner: { id: users.id, email: users.email },
    })
    .from(customDomains)
    .innerJoin(workspaces, eq(workspaces.id, customDomains.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(and(isNull(customDomains.activatedAt), lt(customDomains.createdAt, before)))
    .orderBy(asc(customDomains.createdAt))
    .limit(limit)
    .all();
}
