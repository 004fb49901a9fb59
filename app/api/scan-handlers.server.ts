import {
  bucketSeries,
  hourOffset,
  type Interval,
  localMidnight,
  offsetSegments,
} from "../analytics/series";
import { type ScanScope, scanBreakdownQuery, scanSeriesQuery } from "../analytics/rollups.server";
import type { Database } from "../db/client.server";
import { analyticsKeptSince } from "../plans/retention";
import type { Dimension } from "../scans/dimensions";
import type { ApiCaller } from "./auth.server";
import { ApiProblem } from "./problem";

// GET /qr-codes/{id}/scans and GET /scans (issue #30): one code's or the workspace's scans over
// time in the caller's time zone, and a breakdown, from the hourly rollups in one D1 batch.

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_DAYS = { hour: 31, day: 366, week: 366, month: 366 } as const;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

function invalid(field: string, message: string): never {
  throw new ApiProblem("invalid_request", message, [{ field, message }]);
}

export interface ScanQuery {
  from?: string;
  to?: string;
  interval?: Interval;
  timezone?: string;
  groupBy?: Dimension;
}

export async function scanAnalytics(
  db: Database,
  caller: ApiCaller,
  scope: ScanScope,
  query: ScanQuery,
  now = Date.now(),
) {
  const timeZone = query.timezone ?? "UTC";
  const interval = query.interval ?? "day";
  // "Today" is the caller's today in their zone.
  const today = isoDay(now + hourOffset(timeZone, now));
  const to = query.to ?? today;
  let from = query.from ?? isoDay(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS);
  if (from > to) invalid("from", "from must be on or before to.");
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > MAX_DAYS[interval]) {
    invalid("from", `Ask for at most ${MAX_DAYS[interval]} days at a time by ${interval}.`);
  }
  // Days the plan no longer keeps are left out rather than shown as zero.
  const kept = analyticsKeptSince(caller.plan, new Date(now));
  if (kept && Date.parse(`${from}T00:00:00Z`) < kept.getTime()) {
    from = isoDay(kept.getTime() + DAY_MS - 1);
  }
  const start = localMidnight(from, timeZone);
  const end = localMidnight(isoDay(Date.parse(`${to}T00:00:00Z`) + DAY_MS), timeZone);
  const segments = offsetSegments(timeZone, start, end);
  const hoursQuery = scanSeriesQuery(db, scope, { start, end, segments, interval });
  const [hours, breakdown] = query.groupBy
    ? await db.batch([hoursQuery, scanBreakdownQuery(db, scope, query.groupBy, start, end)])
    : [await hoursQuery, null];
  const series = from <= to ? bucketSeries(hours, { start, end, timeZone, interval }) : [];
  const sum = (key: "scans" | "uniques" | "bots") =>
    hours.reduce((total, row) => total + Number(row[key]), 0);
  return {
    codeId: "codeId" in scope ? scope.codeId : null,
    from,
    to,
    interval,
    timezone: timeZone,
    totals: { scans: sum("scans"), uniqueScans: sum("uniques"), bots: sum("bots") },
    series: series.map((bucket) => ({
      start: bucket.start,
      scans: bucket.scans,
      uniqueScans: bucket.uniques,
    })),
    ...(breakdown && query.groupBy
      ? {
          breakdown: {
            groupBy: query.groupBy,
            items: breakdown.map((row) => ({ value: row.value, scans: Number(row.scans) })),
          },
        }
      : {}),
  };
}
