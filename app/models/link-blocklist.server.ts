import { and, asc, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { linkBlocklist, qrCodes, trackedLinks, users, workspaces } from "../db/schema";
import { listedDomain } from "../destinations/blocklist";

// Staff's entries of the domain blocklist (issue #31, migration 0032), the links already leading
// to a blocked domain, and what the young-account limit counts.

/** Which of `domains` staff have blocked (one read, 90 names at a time). */
export async function staffBlockedAmong(db: Database, domains: string[]): Promise<Set<string>> {
  const blocked = new Set<string>();
  const unique = [...new Set(domains)];
  for (let at = 0; at < unique.length; at += 90) {
    const rows = await db
      .select({ domain: linkBlocklist.domain })
      .from(linkBlocklist)
      .where(inArray(linkBlocklist.domain, unique.slice(at, at + 90)))
      .all();
    for (const row of rows) blocked.add(row.domain);
  }
  return blocked;
}

export async function staffBlocklist(db: Database) {
  return db.select().from(linkBlocklist).orderBy(asc(linkBlocklist.domain)).all();
}

/** Adds an entry; false when the domain is already blocked. */
export async function addBlockedDomain(
  db: Database,
  entry: { domain: string; reason: string; staff: { id: string; email: string } },
  now = new Date(),
): Promise<boolean> {
  const inserted = await db
    .insert(linkBlocklist)
    .values({
      domain: entry.domain,
      reason: entry.reason,
      addedBy: entry.staff.id,
      addedByEmail: entry.staff.email,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ domain: linkBlocklist.domain });
  return inserted.length > 0;
}

/** Removes an entry; the removed entry, or null when there was none. */
export async function removeBlockedDomain(db: Database, domain: string) {
  const [removed] = await db
    .delete(linkBlocklist)
    .where(eq(linkBlocklist.domain, domain))
    .returning();
  return removed ?? null;
}

/** At most this many of a domain's existing links are listed (the count covers them all). */
export const LISTED_LINKS = 50;

/**
 * The tracked links whose destination is `domain` or a name under it. The stored addresses are
 * narrowed in SQL by the domain's text (in punycode and as typed in Unicode), then each is read
 * as the redirect reads it, so that a path merely containing the name does not count.
 */
export async function linksToDomain(db: Database, domain: string, spellings: string[]) {
  const rows = await db
    .select({
      slug: trackedLinks.slug,
      targetUrl: trackedLinks.targetUrl,
      codeId: trackedLinks.qrCodeId,
      title: qrCodes.title,
      workspace: workspaces.name,
    })
    .from(trackedLinks)
    .leftJoin(qrCodes, eq(qrCodes.id, trackedLinks.qrCodeId))
    .leftJoin(workspaces, eq(workspaces.id, trackedLinks.workspaceId))
    .where(
      sql.join(
        spellings.map((text) => sql`instr(lower(${trackedLinks.targetUrl}), ${text}) > 0`),
        sql` OR `,
      ),
    )
    .orderBy(asc(trackedLinks.createdAt))
    .all();
  const matching = rows.filter((row) => listedDomain(row.targetUrl, (name) => name === domain));
  return { count: matching.length, links: matching.slice(0, LISTED_LINKS) };
}

/** When the account was made, and how many tracked links it has made (in any workspace). */
export async function trackedLinksMadeBy(db: Database, userId: string) {
  const [account] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .all();
  if (!account) return null;
  const [made] = await db
    .select({ total: count() })
    .from(trackedLinks)
    .innerJoin(qrCodes, eq(qrCodes.id, trackedLinks.qrCodeId))
    .where(and(eq(qrCodes.userId, userId), isNotNull(trackedLinks.qrCodeId)))
    .all();
  return { createdAt: account.createdAt, made: made?.total ?? 0 };
}
