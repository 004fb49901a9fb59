import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client.server";
import { qrDownloads, scanRollups } from "../db/schema";

// One code's scans and downloads between two moments, per UTC day, and its scans by country and
// device: four statements in one D1 batch. Scans are read from the hourly rollups (issue #30).

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface CodeActivity {
  daily: { day: number; scans: number; uniques: number; downloads: number }[];
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
  const within = (dimension: string) =>
    and(
      eq(scanRollups.qrCodeId, codeId),
      eq(scanRollups.dimension, dimension),
      gte(scanRollups.hour, from.getTime()),
      lt(scanRollups.hour, to.getTime()),
    );
  const group = (dimension: "country" | "device") =>
    db
      .select({
        name: scanRollups.value,
        scans: sql<number>`sum(${scanRollups.scans})`.as("scans"),
      })
      .from(scanRollups)
      .where(within(dimension))
      .groupBy(scanRollups.value)
      .orderBy(desc(sql`scans`))
      .limit(20);
  const [scans, downloads, countries, devices] = await db.batch([
    db
      .select({
        day: day(scanRollups.hour),
        n: sql<number>`sum(${scanRollups.scans})`,
        u: sql<number>`sum(${scanRollups.uniques})`,
      })
      .from(scanRollups)
      .where(within("total"))
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
  const u = new Map(scans.map((r) => [r.day, r.u]));
  const d = byDay(downloads);
  const first = Math.floor(from.getTime() / DAY_MS);
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
  const named = (rows: { name: string | null; scans: number }[]) =>
    rows.map((row) => ({ name: row.name ?? "unknown", scans: row.scans }));
  return {
    daily: Array.from({ length: days }, (_, i) => ({
      day: (first + i) * DAY_MS,
      scans: s.get(first + i) ?? 0,
      uniques: u.get(first + i) ?? 0,
      downloads: d.get(first + i) ?? 0,
    })),
    countries: named(countries),
    devices: named(devices),
  };
}

/** A code's scans since `since` (null: all it has), from its hourly rollups (by the hour). */
export async function codeScanTotal(
  db: Database,
  codeId: number,
  since: Date | null,
): Promise<number> {
  const hour = since ? Math.floor(since.getTime() / HOUR_MS) * HOUR_MS : null;
  const row = await db
    .select({ n: sql<number>`coalesce(sum(${scanRollups.scans}), 0)` })
    .from(scanRollups)
    .where(
      and(
        eq(scanRollups.qrCodeId, codeId),
        eq(scanRollups.dimension, "total"),
        hour === null ? undefined : gte(scanRollups.hour, hour),
      ),
    )
    .get();
  return row?.n ?? 0;
}
