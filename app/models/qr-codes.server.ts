import { and, count, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client.server";
import {
  customDomains,
  type QrCodeRecord,
  qrCodes,
  qrDownloads,
  scanRollups,
  trackedLinks,
  type UserRecord,
  users,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import type { TrackedSlug } from "../domains/links";
import { parseContent } from "../qr/schema";
import { bytesToBase64Url } from "../qr/base64";
import { logoOwner } from "../storage/logos.server";
import type { DesignFormat } from "../design/formats";
import type { QrContent, QrStyle } from "../qr/types";

export interface NewSavedCode {
  /** The workspace the code belongs to, and the member who creates it. */
  workspaceId: string;
  userId: string;
  content: QrContent;
  style: QrStyle;
  title: string;
  /** R2 key of the code's logo. */
  logoUrl?: string | null;
  /** The plan's limit of saved codes; null for unlimited. */
  limit: number | null;
}

/**
 * Saves a code unless the workspace already has `limit` codes. The count and the insert are one
 * statement, so simultaneous saves cannot overshoot the limit (D1 has no interactive
 * transactions). Returns the new id, or null when the limit is reached.
 */
export async function saveCode(db: Database, code: NewSavedCode, now = new Date()) {
  const { type, ...data } = code.content;
  const values = [
    code.workspaceId,
    code.userId,
    type,
    JSON.stringify(data),
    JSON.stringify(code.style),
    code.title,
    code.logoUrl ?? null,
    now.getTime(),
    now.getTime(),
  ];
  const insert = sql`INSERT INTO qr_codes (workspace_id, user_id, type, data, customization, title, logo_url, created_at, updated_at)
    SELECT ${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}`;
  const statement =
    code.limit === null
      ? sql`${insert} RETURNING id`
      : sql`${insert} WHERE (SELECT count(*) FROM qr_codes WHERE workspace_id = ${code.workspaceId}) < ${code.limit} RETURNING id`;
  const row = await db.get<{ id: number } | undefined>(statement);
  return row?.id ?? null;
}

/** A workspace's codes, newest first; `limit` and `offset` page through them. */
export async function listCodes(
  db: Database,
  workspaceId: string,
  { limit = -1, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<QrCodeRecord[]> {
  return db
    .select()
    .from(qrCodes)
    .where(eq(qrCodes.workspaceId, workspaceId))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export interface CodeWithCounts {
  code: QrCodeRecord;
  scans: number;
  /** The slug of its tracked link, if it has one. */
  slug: string | null;
  /** The custom domain the link is printed with, if any. */
  linkHost: string | null;
  /** Where its tracked link leads now (issue #21). */
  destination: string | null;
  /** Its pending scheduled change, as JSON {url, at, zone}. */
  scheduled: string | null;
}

/**
 * A page of a workspace's codes, newest first, each with its scan count and tracked slug: one
 * statement, to run alone or in a batch (`db.batch`).
 */
export function codesWithCountsQuery(
  db: Database,
  workspaceId: string,
  { limit = -1, offset = 0 }: { limit?: number; offset?: number } = {},
) {
  return db
    .select({
      code: qrCodes,
      // Spelled out: drizzle writes a column of a one-table select without its table's name.
      scans: sql<number>`(SELECT coalesce(sum(r.scans), 0) FROM scan_rollups r WHERE r.qr_code_id = qr_codes.id AND r.dimension = 'total')`,
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
    })
    .from(qrCodes)
    .where(eq(qrCodes.workspaceId, workspaceId))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The code by its numeric id if `viewerId` is a member of its workspace (any role sees and
 * downloads); null otherwise, so that existence is not revealed. Shared codes answer to anyone
 * only through their share id (`findSharedCode`): numeric ids can be walked (issue #27).
 */
export async function findViewableCode(
  db: Database,
  id: number,
  viewerId: string | null,
): Promise<QrCodeRecord | null> {
  if (viewerId === null) return null;
  const row = await db
    .select({ code: qrCodes })
    .from(qrCodes)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, qrCodes.workspaceId),
        eq(workspaceMembers.userId, viewerId),
      ),
    )
    .where(eq(qrCodes.id, id))
    .get();
  return row?.code ?? null;
}

/** A shared code by the unguessable id of its public link; null once it is no longer shared. */
export async function findSharedCode(db: Database, shareId: string): Promise<QrCodeRecord | null> {
  return (
    (await db
      .select()
      .from(qrCodes)
      .where(and(eq(qrCodes.shareId, shareId), eq(qrCodes.isPublic, true)))
      .get()) ?? null
  );
}

/** A new share id: 16 random bytes (128 bits) in base64url, 22 characters. */
export function newShareId(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/** The path of a shared code's public link (the spec's shape, with the share id). */
export function sharePath(shareId: string, format: "png" | "svg" | "pdf" | "eps" = "png"): string {
  return `/api/qr-codes/${shareId}/download?format=${format}`;
}

/** The code if it belongs to `workspaceId`; null for any other (a 404, never someone else's). */
export async function findWorkspaceCode(db: Database, id: number, workspaceId: string) {
  return (
    (await db
      .select()
      .from(qrCodes)
      .where(and(eq(qrCodes.id, id), eq(qrCodes.workspaceId, workspaceId)))
      .get()) ?? null
  );
}

/** The stored content as the QR core's type, checked again on the way out. */
export function savedContent(code: QrCodeRecord): QrContent | null {
  const parsed = parseContent(code.type, code.data);
  return parsed.ok ? parsed.value : null;
}

/**
 * Which of these logo keys saved codes still use. A key names its workspace (or, from before
 * issue #27, its uploader), so the workspace and owner indexes narrow the search; 30 keys and
 * twice at most 30 owners stay within D1's 100 parameters.
 */
export async function referencedLogoKeys(db: Database, keys: string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  for (let at = 0; at < keys.length; at += 30) {
    const batch = keys.slice(at, at + 30);
    const owners = [...new Set(batch.map(logoOwner))];
    const rows = await db
      .selectDistinct({ key: qrCodes.logoUrl })
      .from(qrCodes)
      .where(
        and(
          or(inArray(qrCodes.workspaceId, owners), inArray(qrCodes.userId, owners)),
          inArray(qrCodes.logoUrl, batch),
        ),
      )
      .all();
    for (const row of rows) referenced.add(row.key!);
  }
  return referenced;
}

/** Codes of `workspaceId` drawn with the logo `from` use `to` instead (the same bytes), or none. */
export async function replaceLogoKey(
  db: Database,
  workspaceId: string,
  from: string,
  to: string | null,
): Promise<void> {
  await db
    .update(qrCodes)
    .set({ logoUrl: to })
    .where(and(eq(qrCodes.workspaceId, workspaceId), eq(qrCodes.logoUrl, from)));
}

/**
 * Logo keys from before issue #27 (named after their uploader) that codes still use, with the
 * code's workspace: all of them (`limit` at a time), or those of one uploader used in
 * workspaces they do not own.
 */
export async function uploaderLogoUses(
  db: Database,
  limit: number,
  uploader?: string,
): Promise<{ workspaceId: string; key: string }[]> {
  const rows = await db
    .selectDistinct({ workspaceId: qrCodes.workspaceId, key: qrCodes.logoUrl })
    .from(qrCodes)
    .where(
      and(
        sql`${qrCodes.logoUrl} NOT LIKE 'logos/ws!_%' ESCAPE '!'`,
        sql`${qrCodes.workspaceId} IS NOT NULL`,
        uploader
          ? and(
              sql`${qrCodes.logoUrl} LIKE ${`logos/${uploader}/%`}`,
              sql`${qrCodes.workspaceId} NOT IN (SELECT id FROM workspaces WHERE owner_id = ${uploader})`,
            )
          : undefined,
      ),
    )
    .limit(limit)
    .all();
  return rows.map((row) => ({ workspaceId: row.workspaceId!, key: row.key! }));
}

export interface DownloadRecord {
  format: DesignFormat;
  userId: string | null;
  ipHash: string;
  userAgent: string | null;
}

/** One download row and the counter, together (one atomic batch). */
export async function recordDownload(
  db: Database,
  codeId: number,
  download: DownloadRecord,
  now = new Date(),
) {
  await db.batch([
    db.insert(qrDownloads).values({
      qrCodeId: codeId,
      userId: download.userId,
      format: download.format,
      ipAddress: download.ipHash,
      userAgent: download.userAgent?.slice(0, 256) ?? null,
      downloadedAt: now,
    }),
    db
      .update(qrCodes)
      .set({ downloadCount: sql`${qrCodes.downloadCount} + 1` })
      .where(eq(qrCodes.id, codeId)),
  ]);
}

/**
 * Changes a code's title or visibility, if it belongs to `workspaceId` (the caller checked the
 * member's role). Returns the code's id and title, or null when there is no such code there.
 */
export async function updateWorkspaceCode(
  db: Database,
  id: number,
  workspaceId: string,
  changes: { title?: string; isPublic?: boolean },
): Promise<{ id: number; title: string | null } | null> {
  const updated = await db
    .update(qrCodes)
    .set({
      ...changes,
      // Sharing gives the code its public link's id (sharing a shared code keeps it); stopping
      // forgets it, so a link that went around before never comes back with a later share.
      ...(changes.isPublic === true
        ? { shareId: sql`COALESCE(${qrCodes.shareId}, ${newShareId()})` }
        : changes.isPublic === false
          ? { shareId: null }
          : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(qrCodes.id, id), eq(qrCodes.workspaceId, workspaceId)))
    .returning({ id: qrCodes.id, title: qrCodes.title });
  return updated[0] ?? null;
}

/**
 * Deletes a code of `workspaceId` with its downloads and scans (the caller checked the role).
 * Returns what it was, or null when there is no such code there.
 */
export async function deleteWorkspaceCode(
  db: Database,
  id: number,
  workspaceId: string,
): Promise<{ id: number; title: string | null } | null> {
  const deleted = await db
    .delete(qrCodes)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.workspaceId, workspaceId)))
    .returning({ id: qrCodes.id, title: qrCodes.title });
  return deleted[0] ?? null;
}

export interface UsageTotals {
  totalQRCodes: number;
  totalDownloads: number;
  totalScans: number;
}

type TotalsRow = { codes: number; downloads: number | null; scans: number };

/**
 * Counts over all of a workspace's codes, on the workspace's row: one statement, to run alone or
 * in a batch. (Written with the query builder: drizzle cannot batch a raw statement with
 * parameters.)
 */
export function usageTotalsQuery(db: Database, workspaceId: string) {
  return db
    .select({
      codes: sql<number>`(SELECT count(*) FROM qr_codes c WHERE c.workspace_id = ${workspaceId})`,
      downloads: sql<
        number | null
      >`(SELECT sum(c.download_count) FROM qr_codes c WHERE c.workspace_id = ${workspaceId})`,
      // Kept on each code by triggers (migration 0021): no walk over every scan.
      scans: sql<number>`(SELECT coalesce(sum(c.scan_count), 0) FROM qr_codes c WHERE c.workspace_id = ${workspaceId})`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
}

export function toUsageTotals([row]: TotalsRow[]): UsageTotals {
  return {
    totalQRCodes: row?.codes ?? 0,
    totalDownloads: row?.downloads ?? 0,
    totalScans: row?.scans ?? 0,
  };
}

const SLUG_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 10 random base-62 characters: short to print, about 59 bits to guess. */
export function newSlug(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return [...bytes].map((byte) => SLUG_ALPHABET[byte % 62]).join("");
}

export async function createTrackedLink(
  db: Database,
  codeId: number,
  targetUrl: string,
  domainId: string | null = null,
) {
  const slug = newSlug();
  await db.insert(trackedLinks).values({
    slug,
    qrCodeId: codeId,
    targetUrl,
    createdAt: new Date(),
    domainId,
    workspaceId: sql`(SELECT workspace_id FROM qr_codes WHERE id = ${codeId})`,
  });
  return slug;
}

/**
 * Code id → tracked slug and the custom domain it is printed with, for the codes that have one
 * (D1 takes at most 100 parameters).
 */
export async function trackedSlugs(
  db: Database,
  codeIds: number[],
): Promise<Map<number, TrackedSlug>> {
  const slugs = new Map<number, TrackedSlug>();
  for (let at = 0; at < codeIds.length; at += 90) {
    const rows = await db
      .select({
        slug: trackedLinks.slug,
        codeId: trackedLinks.qrCodeId,
        hostname: customDomains.hostname,
      })
      .from(trackedLinks)
      .leftJoin(customDomains, eq(customDomains.id, trackedLinks.domainId))
      .where(inArray(trackedLinks.qrCodeId, codeIds.slice(at, at + 90)))
      .all();
    for (const row of rows) slugs.set(row.codeId!, { slug: row.slug, hostname: row.hostname });
  }
  return slugs;
}

export interface TrackedTarget {
  targetUrl: string;
  /** null once the code was deleted. */
  codeId: number | null;
  ownerId: string | null;
  /** The workspace owner's account, whose plan decides whether the scan is counted. */
  owner: UserRecord | null;
  /** The code's workspace; null once the code was deleted. */
  workspaceId: string | null;
  /** The custom domain the link was printed with (issue #18). */
  domainId: string | null;
  /** The workspace the link was made in, kept after the code is deleted. */
  linkWorkspaceId: string | null;
  /** A pending scheduled change of destination (issue #21). */
  scheduledUrl: string | null;
  scheduledAt: Date | null;
  /** When staff disabled the link (issue #31); null while it may redirect. */
  disabledAt: Date | null;
  /** Set while staff have suspended the code's workspace (issue #31): the link is unavailable. */
  workspaceSuspendedAt: Date | null;
}

/** A tracked link with its workspace's owner: one query on the path of every scan. */
export async function findTrackedLink(db: Database, slug: string): Promise<TrackedTarget | null> {
  const row = await db
    .select({
      targetUrl: trackedLinks.targetUrl,
      codeId: trackedLinks.qrCodeId,
      ownerId: workspaces.ownerId,
      owner: users,
      workspaceId: qrCodes.workspaceId,
      domainId: trackedLinks.domainId,
      linkWorkspaceId: trackedLinks.workspaceId,
      scheduledUrl: trackedLinks.scheduledUrl,
      scheduledAt: trackedLinks.scheduledAt,
      disabledAt: trackedLinks.disabledAt,
      workspaceSuspendedAt: workspaces.suspendedAt,
    })
    .from(trackedLinks)
    .leftJoin(qrCodes, eq(qrCodes.id, trackedLinks.qrCodeId))
    .leftJoin(workspaces, eq(workspaces.id, qrCodes.workspaceId))
    .leftJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(trackedLinks.slug, slug))
    .get();
  return row ?? null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DailyActivity {
  /** Midnight UTC of the day, in milliseconds. */
  day: number;
  downloads: number;
  scans: number;
}

type DayCount = { day: number; n: number };

/**
 * Downloads and scans of a user's codes per UTC day, the last `days` days: two statements for a
 * batch, read by `toDailyActivity`. (The day length is written into the SQL: a bound number may
 * arrive as a float and make the division fractional.)
 */
export function dailyActivityQueries(db: Database, workspaceId: string, days: number, now: Date) {
  const since = new Date((utcDay(now) - days + 1) * DAY_MS);
  const day = (at: SQLiteColumn) =>
    sql<number>`CAST(${at} / ${sql.raw(String(DAY_MS))} AS INTEGER)`.as("day");
  return [
    db
      .select({ day: day(qrDownloads.downloadedAt), n: count() })
      .from(qrDownloads)
      .innerJoin(qrCodes, eq(qrCodes.id, qrDownloads.qrCodeId))
      .where(and(eq(qrCodes.workspaceId, workspaceId), gte(qrDownloads.downloadedAt, since)))
      .groupBy(sql`day`),
    db
      .select({ day: day(scanRollups.hour), n: sql<number>`sum(${scanRollups.scans})` })
      .from(scanRollups)
      .innerJoin(qrCodes, eq(qrCodes.id, scanRollups.qrCodeId))
      .where(
        and(
          eq(qrCodes.workspaceId, workspaceId),
          eq(scanRollups.dimension, "total"),
          gte(scanRollups.hour, since.getTime()),
        ),
      )
      .groupBy(sql`day`),
  ] as const;
}

/** Every one of the last `days` days, oldest first, with zeros where nothing happened. */
export function toDailyActivity(
  downloads: DayCount[],
  scans: DayCount[],
  days: number,
  now: Date,
): DailyActivity[] {
  const today = utcDay(now);
  const byDay = (rows: DayCount[]) => new Map(rows.map((r) => [r.day, r.n]));
  const d = byDay(downloads);
  const s = byDay(scans);
  return Array.from({ length: days }, (_, i) => {
    const day = today - days + 1 + i;
    return { day: day * DAY_MS, downloads: d.get(day) ?? 0, scans: s.get(day) ?? 0 };
  });
}

function utcDay(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}

export interface ScanBreakdown {
  countries: { name: string; scans: number }[];
  devices: { name: string; scans: number }[];
}

type NamedCount = { name: string | null; scans: number };

/** Where and on what a user's codes were scanned since `since`: two statements for a batch. */
export function scanBreakdownQueries(db: Database, workspaceId: string, since: Date) {
  const group = (dimension: "country" | "device") =>
    db
      .select({
        name: scanRollups.value,
        scans: sql<number>`sum(${scanRollups.scans})`.as("scans"),
      })
      .from(scanRollups)
      .innerJoin(qrCodes, eq(qrCodes.id, scanRollups.qrCodeId))
      .where(
        and(
          eq(qrCodes.workspaceId, workspaceId),
          eq(scanRollups.dimension, dimension),
          gte(scanRollups.hour, since.getTime()),
        ),
      )
      .groupBy(scanRollups.value)
      .orderBy(desc(sql`scans`))
      .limit(8);
  return [group("country"), group("device")] as const;
}

/** The breakdown, most scans first. */
export function toScanBreakdown(countries: NamedCount[], devices: NamedCount[]): ScanBreakdown {
  const named = (rows: NamedCount[]) =>
    rows.map((row) => ({ name: row.name ?? "unknown", scans: row.scans }));
  return { countries: named(countries), devices: named(devices) };
}

/** The tracked links' slugs of the codes in these workspaces (before the codes are deleted). */
export async function trackedSlugsIn(
  db: Database,
  where: { workspaceId: string } | { ownerId: string },
): Promise<string[]> {
  const rows = await db
    .select({ slug: trackedLinks.slug })
    .from(trackedLinks)
    .innerJoin(qrCodes, eq(qrCodes.id, trackedLinks.qrCodeId))
    .innerJoin(workspaces, eq(workspaces.id, qrCodes.workspaceId))
    .where(
      "workspaceId" in where
        ? eq(workspaces.id, where.workspaceId)
        : eq(workspaces.ownerId, where.ownerId),
    )
    .all();
  return rows.map((row) => row.slug);
}
