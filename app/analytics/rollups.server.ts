import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { qrCodes, scanDailyRollups, scanRollups } from "../db/schema";
import type { Dimension } from "../scans/dimensions";
import type { HourRow, Interval, OffsetSegment } from "./series";

// Reads of the rollups (issue #30), for one code or a whole workspace, between two UTC instants
// (whole hours). Each is one statement that walks a table's key (code, dimension, time). Hours
// are folded by the viewer's local day or hour of the week in SQL, with the zone's offsets as a
// CASE of a few arms, so a year comes back as 366 rows rather than 8,760; the breakdowns read
// whole UTC days from the daily rollups (migration 0034) and only the edge hours from the hourly.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type ScanScope = { codeId: number } | { workspaceId: string };

function within(scope: ScanScope, dimension: string, start: number, end: number) {
  return and(
    "codeId" in scope
      ? eq(scanRollups.qrCodeId, scope.codeId)
      : eq(qrCodes.workspaceId, scope.workspaceId),
    eq(scanRollups.dimension, dimension),
    gte(scanRollups.hour, start),
    lt(scanRollups.hour, end),
  );
}

function from(db: Database, scope: ScanScope) {
  return <T extends Parameters<typeof db.select>[0]>(fields: T) => {
    const query = db.select(fields).from(scanRollups);
    return "codeId" in scope
      ? query
      : query.innerJoin(qrCodes, eq(qrCodes.id, scanRollups.qrCodeId));
  };
}

const totals = {
  scans: sql<number>`sum(${scanRollups.scans})`,
  uniques: sql<number>`sum(${scanRollups.uniques})`,
  bots: sql<number>`sum(${scanRollups.bots})`,
};

/** Scans, unique scanners and bots per UTC hour. */
export function scanHoursQuery(db: Database, scope: ScanScope, start: number, end: number) {
  return from(
    db,
    scope,
  )({ hour: scanRollups.hour, ...totals })
    .where(within(scope, "total", start, end))
    .groupBy(scanRollups.hour)
    .orderBy(scanRollups.hour);
}

/**
 * A whole number written into the statement. D1 binds JavaScript numbers as REAL, which would
 * make the divisions below fractional and every hour its own group.
 */
function integer(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return sql.raw(String(value));
}

/** The hour as a local wall time (ms, as if UTC), by the zone's offset segments. */
function localTime(segments: OffsetSegment[]): SQL {
  const last = segments[segments.length - 1]!;
  if (segments.length === 1) return sql`(${scanRollups.hour} + ${integer(last.offset)})`;
  const arms = segments
    .slice(0, -1)
    .map(
      (segment) =>
        sql`WHEN ${scanRollups.hour} < ${integer(segment.until)} THEN ${integer(segment.offset)}`,
    );
  return sql`(${scanRollups.hour} + CASE ${sql.join(arms, sql` `)} ELSE ${integer(last.offset)} END)`;
}

/**
 * Scans, unique scanners and bots per local day; each row's `hour` is the first UTC hour of its
 * day in the range, which is all bucketSeries needs to place it.
 */
export function scanDaysQuery(
  db: Database,
  scope: ScanScope,
  start: number,
  end: number,
  segments: OffsetSegment[],
) {
  return from(
    db,
    scope,
  )({ hour: sql<number>`min(${scanRollups.hour})`, ...totals })
    .where(within(scope, "total", start, end))
    .groupBy(sql`${localTime(segments)} / ${integer(DAY_MS)}`);
}

/** The series' rows: by UTC hour for an hourly series, else already folded by local day. */
export function scanSeriesQuery(
  db: Database,
  scope: ScanScope,
  range: { start: number; end: number; segments: OffsetSegment[]; interval: Interval },
) {
  return range.interval === "hour"
    ? scanHoursQuery(db, scope, range.start, range.end)
    : scanDaysQuery(db, scope, range.start, range.end, range.segments);
}

/** Scans per local hour of the week: slot 0 is Monday 00:00 … 167 Sunday 23:00. */
export function scanWeekQuery(
  db: Database,
  scope: ScanScope,
  start: number,
  end: number,
  segments: OffsetSegment[],
) {
  // 1 January 1970 was a Thursday: 72 hours after a Monday midnight.
  const slot = sql<number>`(${localTime(segments)} / ${integer(HOUR_MS)} + 72) % 168`;
  return from(
    db,
    scope,
  )({ slot, scans: totals.scans })
    .where(within(scope, "total", start, end))
    .groupBy(slot);
}

/** The [from, to) hours of a range outside its whole UTC days, and those days. */
export function splitByDays(start: number, end: number) {
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return { hours: [[start, end]] as const, days: null };
  return {
    hours: [
      [start, firstDay],
      [lastDay, end],
    ] as const,
    days: [firstDay, lastDay] as const,
  };
}

function dailyValues(
  db: Database,
  scope: ScanScope,
  dimension: Dimension,
  firstDay: number,
  endDay: number,
) {
  const fields = { value: scanDailyRollups.value, scans: scanDailyRollups.scans };
  const days = and(
    eq(scanDailyRollups.dimension, dimension),
    gte(scanDailyRollups.day, firstDay),
    lt(scanDailyRollups.day, endDay),
  );
  if ("codeId" in scope) {
    return db
      .select(fields)
      .from(scanDailyRollups)
      .where(and(eq(scanDailyRollups.qrCodeId, scope.codeId), days));
  }
  return db
    .select(fields)
    .from(scanDailyRollups)
    .innerJoin(qrCodes, eq(qrCodes.id, scanDailyRollups.qrCodeId))
    .where(and(eq(qrCodes.workspaceId, scope.workspaceId), days));
}

/** The most scanned values of a dimension, most first. */
export function scanBreakdownQuery(
  db: Database,
  scope: ScanScope,
  dimension: Dimension,
  start: number,
  end: number,
  limit = 50,
) {
  const split = splitByDays(start, end);
  const hourly = split.hours
    .filter(([from_, to]) => from_ < to)
    .map(([from_, to]) =>
      from(
        db,
        scope,
      )({ value: scanRollups.value, scans: scanRollups.scans }).where(
        within(scope, dimension, from_, to),
      ),
    );
  const days = split.days;
  const daily = days ? [dailyValues(db, scope, dimension, days[0], days[1])] : [];
  const parts = [...hourly, ...daily];
  const union = sql.join(
    // Drizzle writes an embedded query in parentheses, which a compound SELECT refuses as an arm.
    parts.map((part) => sql`SELECT value, scans FROM ${part}`),
    sql` UNION ALL `,
  );
  // A select over the union, not db.all, so that it can go in a D1 batch with the others.
  return db
    .select({ value: sql<string>`value`, scans: sql<number>`sum(scans)`.as("scans") })
    .from(sql`(${union})`)
    .groupBy(sql`value`)
    .orderBy(desc(sql`scans`), sql`value`)
    .limit(limit);
}

export type { HourRow };
