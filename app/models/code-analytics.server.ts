import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client.server";
import { qrDownloads, qrScans } from "../db/schema";

// One code's scans and downloads between two moments, per UTC day, and its scans by country and
// device: four statements in one D1 batch.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CodeActivity {
  daily: { day: number; scans: number; downloads: number }[];
  countries: { name: string; scans: number }[];
  devices: { name: string; scans: number }[];
}

/** `from` and `to` are midnights UTC; `to` is exclusive. */
export async function codeActivity(
  db: Database,
  codeId: number,
  from: Date,
  to: Date,
): Promise<CodeActivity> {
  const day = (at: SQLiteColumn) =>
    sql<number>`CAST(${at} / ${sql.raw(String(DAY_MS))} AS INTEGER)`.as("day");
  const scansWithin = and(
    eq(qrScans.qrCodeId, codeId),
    gte(qrScans.scannedAt, from),
    lt(qrScans.scannedAt, to),
  );
  const group = (field: "country" | "device") =>
    db
      .select({
        name: sql<string | null>`json_extract(${qrScans.location}, ${`$.${field}`})`.as("name"),
        scans: count().as("scans"),
      })
      .from(qrScans)
      .where(scansWithin)
      .groupBy(sql`name`)
      .orderBy(desc(sql`scans`))
      .limit(20);
  const [scans, downloads, countries, devices] = await db.batch([
    db
      .select({ day: day(qrScans.scannedAt), n: count() })
      .from(qrScans)
      .where(scansWithin)
      .groupBy(sql`day`),
    db
      .select({ day: day(qrDownloads.downloadedAt), n: count() })
      .from(qrDownloads)
      .where(
        and(
          eq(qrDownloads.qrCodeId, codeId),
          gte(qrDownloads.downloadedAt, from),
          lt(qrDownloads.downloadedAt, to),
        ),
      )
      .groupBy(sql`day`),
    group("country"),
    group("device"),
  ]);
  const byDay = (rows: { day: number; n: number }[]) => new Map(rows.map((r) => [r.day, r.n]));
  const s = byDay(scans);
  const d = byDay(downloads);
  const first = Math.floor(from.getTime() / DAY_MS);
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
  const named = (rows: { name: string | null; scans: number }[]) =>
    rows.map((row) => ({ name: row.name ?? "unknown", scans: row.scans }));
  return {
    daily: Array.from({ length: days }, (_, i) => ({
      day: (first + i) * DAY_MS,
      scans: s.get(first + i) ?? 0,
      downloads: d.get(first + i) ?? 0,
    })),
    countries: named(countries),
    devices: named(devices),
  };
}

/** A code's scans since `since` (null: all it has). */
export async function codeScanTotal(
  db: Database,
  codeId: number,
  since: Date | null,
): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(qrScans)
    .where(and(eq(qrScans.qrCodeId, codeId), since ? gte(qrScans.scannedAt, since) : undefined))
    .get();
  return row?.n ?? 0;
}
