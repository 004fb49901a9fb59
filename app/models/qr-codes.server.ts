import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type QrCodeRecord, qrCodes, qrDownloads } from "../db/schema";
import { parseContent } from "../qr/schema";
import type { QrContent, QrStyle } from "../qr/types";

export interface NewSavedCode {
  userId: string;
  content: QrContent;
  style: QrStyle;
  title: string;
  /** The plan's limit of saved codes; null for unlimited. */
  limit: number | null;
}

/**
 * Saves a code unless the user already has `limit` codes. The count and the insert are one
 * statement, so simultaneous saves cannot overshoot the limit (D1 has no interactive
 * transactions). Returns the new id, or null when the limit is reached.
 */
export async function saveCode(db: Database, code: NewSavedCode, now = new Date()) {
  const { type, ...data } = code.content;
  const values = [
    code.userId,
    type,
    JSON.stringify(data),
    JSON.stringify(code.style),
    code.title,
    now.getTime(),
    now.getTime(),
  ];
  const insert = sql`INSERT INTO qr_codes (user_id, type, data, customization, title, created_at, updated_at)
    SELECT ${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}`;
  const statement =
    code.limit === null
      ? sql`${insert} RETURNING id`
      : sql`${insert} WHERE (SELECT count(*) FROM qr_codes WHERE user_id = ${code.userId}) < ${code.limit} RETURNING id`;
  const row = await db.get<{ id: number } | undefined>(statement);
  return row?.id ?? null;
}

export async function listCodes(db: Database, userId: string): Promise<QrCodeRecord[]> {
  return db
    .select()
    .from(qrCodes)
    .where(eq(qrCodes.userId, userId))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .all();
}

/** The code if `viewerId` owns it or it is public; null otherwise (existence is not revealed). */
export async function findViewableCode(
  db: Database,
  id: number,
  viewerId: string | null,
): Promise<QrCodeRecord | null> {
  const code = await db.select().from(qrCodes).where(eq(qrCodes.id, id)).get();
  if (!code) return null;
  return code.isPublic || code.userId === viewerId ? code : null;
}

export async function findOwnCode(db: Database, id: number, userId: string) {
  return (
    (await db
      .select()
      .from(qrCodes)
      .where(and(eq(qrCodes.id, id), eq(qrCodes.userId, userId)))
      .get()) ?? null
  );
}

/** The stored content as the QR core's type, checked again on the way out. */
export function savedContent(code: QrCodeRecord): QrContent | null {
  const parsed = parseContent(code.type, code.data);
  return parsed.ok ? parsed.value : null;
}

export interface DownloadRecord {
  format: "png" | "svg";
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
