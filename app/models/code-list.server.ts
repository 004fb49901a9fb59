import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { codeTags, qrCodes } from "../db/schema";
import { type Cursor, type ListQuery, type ListSort, slugOfShortLink } from "../codes/listing";

// The dashboard's code list (issue #29): one page of a workspace's codes for a search, filters
// and a sort, cut by a keyset cursor. Each sort walks an index that starts with the workspace
// (migration 0021), and the row id breaks ties, so equal keys never repeat or skip a row across
// pages. Columns are written as qr_codes.* inside the subqueries: drizzle writes a column of a
// one-table select without its table's name.

/** How each sort orders: its key, and whether it runs high to low. */
const SORTS: Record<ListSort, { key: SQL; descending: boolean }> = {
  newest: { key: sql`qr_codes.created_at`, descending: true },
  oldest: { key: sql`qr_codes.created_at`, descending: false },
  scans: { key: sql`qr_codes.scan_count`, descending: true },
  name: { key: sql`qr_codes.title COLLATE NOCASE`, descending: false },
};

/** `%text%` for LIKE, with its own wildcards taken literally (ESCAPE '\'). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(workspaceId: string, query: ListQuery): SQL[] {
  const where: SQL[] = [sql`qr_codes.workspace_id = ${workspaceId}`];
  if (query.type) where.push(sql`qr_codes.type = ${query.type}`);
  const tracked = sql`EXISTS (SELECT 1 FROM tracked_links t WHERE t.qr_code_id = qr_codes.id)`;
  if (query.kind === "dynamic") where.push(tracked);
  if (query.kind === "static") where.push(sql`NOT ${tracked}`);
  if (query.tag) {
    where.push(
      sql`EXISTS (SELECT 1 FROM code_tags g WHERE g.code_id = qr_codes.id AND g.tag = ${query.tag})`,
    );
  }
  if (query.creator) where.push(sql`qr_codes.user_id = ${query.creator}`);
  if (query.q) {
    const like = containing(query.q);
    const slug = slugOfShortLink(query.q);
    // Title, the content's values (not its JSON keys), and the short link: its slug, where it
    // leads now, or the whole link pasted. The stored JSON's text is matched first, so that
    // json_each runs only on the few rows that can match (at 10,000 codes it alone took 80 ms);
    // text with a quote or backslash is escaped in JSON, so then the values are read directly.
    const content = /["\\]/.test(query.q)
      ? sql`EXISTS (SELECT 1 FROM json_each(qr_codes.data) j WHERE j.value LIKE ${like} ESCAPE '\\')`
      : sql`(qr_codes.data LIKE ${like} ESCAPE '\\' AND EXISTS (SELECT 1 FROM json_each(qr_codes.data) j WHERE j.value LIKE ${like} ESCAPE '\\'))`;
    where.push(sql`(
      qr_codes.title LIKE ${like} ESCAPE '\\'
      OR ${content}
      OR EXISTS (SELECT 1 FROM tracked_links t WHERE t.qr_code_id = qr_codes.id
        AND (t.slug LIKE ${like} ESCAPE '\\' OR t.target_url LIKE ${like} ESCAPE '\\' OR t.slug = ${slug ?? ""})))`);
  }
  return where;
}

export interface ListedCode {
  id: number;
  type: string;
  title: string | null;
  data: string;
  customization: string;
  logoUrl: string | null;
  isPublic: boolean;
  shareId: string | null;
  createdAt: number;
  updatedAt: number;
  downloads: number;
  scans: number;
  creatorId: string;
  creatorName: string | null;
  slug: string | null;
  linkHost: string | null;
  destination: string | null;
  scheduled: string | null;
  /** Why staff disabled the link (issue #31), "" without a reason; null while not disabled. */
  disabled: string | null;
  /** JSON array of its tags, in order. */
  tags: string;
}

/** One page (`limit` rows, and one more to tell whether more follow) from the given position. */
export function codeListQuery(db: Database, workspaceId: string, query: ListQuery, limit: number) {
  const { key, descending } = SORTS[query.sort];
  const where = filters(workspaceId, query);
  // Going back a page walks the sort the other way from the first row shown, then turns round.
  const backwards = query.before !== null;
  const position: Cursor | null = query.before ?? query.after;
  const down = descending !== backwards;
  if (position) {
    where.push(
      down
        ? sql`(${key}, qr_codes.id) < (${position.key}, ${position.id})`
        : sql`(${key}, qr_codes.id) > (${position.key}, ${position.id})`,
    );
  }
  const direction = sql.raw(down ? "DESC" : "ASC");
  return db
    .select({
      id: qrCodes.id,
      type: qrCodes.type,
      title: qrCodes.title,
      data: sql<string>`qr_codes.data`,
      customization: sql<string>`qr_codes.customization`,
      logoUrl: qrCodes.logoUrl,
      isPublic: qrCodes.isPublic,
      shareId: qrCodes.shareId,
      createdAt: sql<number>`qr_codes.created_at`,
      updatedAt: sql<number>`qr_codes.updated_at`,
      downloads: qrCodes.downloadCount,
      scans: qrCodes.scanCount,
      creatorId: qrCodes.userId,
      creatorName: sql<
        string | null
      >`(SELECT coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) FROM users u WHERE u.id = qr_codes.user_id)`,
      slug: sql<
        string | null
      >`(SELECT t.slug FROM tracked_links t WHERE t.qr_code_id = qr_codes.id)`,
      linkHost: sql<
        string | null
      >`(SELECT d.hostname FROM tracked_links t JOIN custom_domains d ON d.id = t.domain_id WHERE t.qr_code_id = qr_codes.id)`,
      destination: sql<
        string | null
      >`(SELECT t.target_url FROM tracked_links t WHERE t.qr_code_id = qr_codes.id)`,
      scheduled: sql<
        string | null
      >`(SELECT json_object('url', t.scheduled_url, 'at', t.scheduled_at, 'zone', t.scheduled_zone) FROM tracked_links t WHERE t.qr_code_id = qr_codes.id AND t.scheduled_at IS NOT NULL)`,
      disabled: sql<
        string | null
      >`(SELECT coalesce(t.disabled_reason, '') FROM tracked_links t WHERE t.qr_code_id = qr_codes.id AND t.disabled_at IS NOT NULL)`,
      tags: sql<string>`(SELECT json_group_array(tag) FROM (SELECT g.tag FROM code_tags g WHERE g.code_id = qr_codes.id ORDER BY g.tag))`,
    })
    .from(qrCodes)
    .where(and(...where))
    .orderBy(sql`${key} ${direction}`, sql`qr_codes.id ${direction}`)
    .limit(limit + 1);
}

/** How many codes match the search and filters (every page). */
export function codeCountQuery(db: Database, workspaceId: string, query: ListQuery) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(qrCodes)
    .where(and(...filters(workspaceId, query)));
}

/** The tags used in a workspace, for the tag filter's choices. */
export function workspaceTagsQuery(db: Database, workspaceId: string) {
  return db
    .selectDistinct({ tag: codeTags.tag })
    .from(codeTags)
    .where(eq(codeTags.workspaceId, workspaceId))
    .orderBy(codeTags.tag)
    .limit(200);
}

export interface ListPage {
  rows: ListedCode[];
  /** Where the next and the previous page start; null at the ends. */
  next: Cursor | null;
  previous: Cursor | null;
}

/** The sort key of a row, for its cursor. */
export function sortKey(row: ListedCode, sort: ListSort): number | string {
  if (sort === "scans") return row.scans;
  if (sort === "name") return row.title ?? "";
  return row.createdAt;
}

/** Turns the fetched rows (limit + 1 at most) into a page with its neighbours' cursors. */
export function toListPage(fetched: ListedCode[], query: ListQuery, limit: number): ListPage {
  const more = fetched.length > limit;
  const backwards = query.before !== null;
  const rows = fetched.slice(0, limit);
  if (backwards) rows.reverse();
  const cursorOf = (row: ListedCode | undefined) =>
    row ? { key: sortKey(row, query.sort), id: row.id } : null;
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : query.after !== null;
  return {
    rows,
    next: hasNext ? cursorOf(rows.at(-1)) : null,
    previous: hasPrevious ? cursorOf(rows[0]) : null,
  };
}
