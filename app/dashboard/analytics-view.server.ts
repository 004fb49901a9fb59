import { data } from "react-router";
import { desc, eq } from "drizzle-orm";
import {
  scanBreakdownQuery,
  scanSeriesQuery,
  type ScanScope,
  scanWeekQuery,
} from "../analytics/rollups.server";
import {
  type Bucket,
  bucketSeries,
  hourOffset,
  type Interval,
  localMidnight,
  offsetSegments,
  weekGrid,
} from "../analytics/series";
import {
  MAX_COMPARED,
  MAX_CUSTOM_DAYS,
  PRESET_DAYS,
  type Range,
  RANGES,
  WEEKDAYS,
} from "../analytics/view";
import { spreadsheetCsv } from "../bulk/manifest";
import { validTimeZone } from "../dates/format";
import { timeZones } from "../destinations/destination";
import type { Database } from "../db/client.server";
import { qrCodes } from "../db/schema";
import { workspaceCodesAmong } from "../models/code-tags.server";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { analyticsKeptSince } from "../plans/retention";
import { workspacePlan } from "../workspaces/current.server";
import type { Translate } from "../i18n/locale.server";

// The Analytics view (issue #30): the workspace's or one code's scans over a date range in the
// viewer's time zone, read only from the hourly rollups, drawn on the server; the same query with
// format=csv exports exactly what the page shows. Every input comes from a GET form.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Codes offered to choose from. */
const CHOICES = 200;
/** Rows of each breakdown. */
const TOP = 10;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDay(Date.parse(`${value}T00:00:00Z`)) === value;

/** The breakdowns and their CSV section names (the page names them in its own language). */
export const BREAKDOWNS = [
  ["country", "Top countries"],
  ["city", "Top cities"],
  ["device", "Devices"],
  ["os", "Operating systems"],
  ["browser", "Browsers"],
] as const;

class Refusal extends Error {}

interface Query {
  range: Range;
  from: string;
  to: string;
  timeZone: string;
  interval: Interval;
  codeId: number | null;
  compare: number[];
}

function ids(values: string[]): number[] | null {
  const out = values.filter((value) => value !== "").map(Number);
  return out.every((id) => Number.isSafeInteger(id) && id > 0) ? [...new Set(out)] : null;
}

/** The query's fields checked; a Refusal with a sentence for a person when one is wrong. */
function parseQuery(
  params: URLSearchParams,
  viewerZone: string | null,
  kept: Date | null,
  now: number,
  t: Translate,
) {
  const zoneParam = params.get("tz");
  const timeZone = zoneParam ? validTimeZone(zoneParam) : (viewerZone ?? "UTC");
  // Form fields keep what was typed, so a refused query can be corrected.
  const typed = {
    range: params.get("range") ?? "30d",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    timeZone: timeZone ?? zoneParam ?? "UTC",
    codeId: params.get("code") ?? "",
    compare: params.getAll("compare"),
  };
  const fail = (message: string): never => {
    throw Object.assign(new Refusal(message), { typed });
  };
  if (!timeZone) fail(t("dashboard.analytics.error.zone", { zone: zoneParam }));
  const range = RANGES.find((name) => name === typed.range);
  if (!range) fail(t("dashboard.analytics.error.range"));
  const today = isoDay(now + hourOffset(timeZone!, now));
  const keptDay = kept ? isoDay(kept.getTime() + DAY_MS - 1) : null;
  let from: string;
  let to = today;
  if (range === "custom") {
    if (!isDay(typed.from) || !isDay(typed.to)) fail(t("dashboard.analytics.error.dates"));
    ({ from, to } = typed);
    if (from > to) fail(t("dashboard.analytics.error.order"));
    if (to > today) fail(t("dashboard.analytics.error.future", { today }));
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days > MAX_CUSTOM_DAYS)
      fail(t("dashboard.analytics.error.tooLong", { max: MAX_CUSTOM_DAYS }));
    if (keptDay && from < keptDay) {
      fail(
        t("dashboard.analytics.error.kept", {
          days: Math.round((now - kept!.getTime()) / DAY_MS),
          day: keptDay,
        }),
      );
    }
  } else {
    from = isoDay(Date.parse(`${today}T00:00:00Z`) - (PRESET_DAYS[range!] - 1) * DAY_MS);
    // A preset longer than the plan keeps starts where the plan's scans do.
    if (keptDay && from < keptDay) from = keptDay;
  }
  const days = (Date.parse(to) - Date.parse(from!)) / DAY_MS + 1;
  const interval: Interval = days <= 31 ? "day" : days <= 120 ? "week" : "month";
  const codeIds = ids(typed.codeId ? [typed.codeId] : []);
  const compare = ids(typed.compare);
  if (!codeIds || !compare) fail(t("dashboard.analytics.error.noCode"));
  if (compare!.length === 1) fail(t("dashboard.analytics.error.compareOne"));
  if (compare!.length > MAX_COMPARED) {
    fail(t("dashboard.analytics.error.compareMany", { max: MAX_COMPARED }));
  }
  const query: Query = {
    range: range!,
    from: from!,
    to,
    timeZone: timeZone!,
    interval,
    codeId: codeIds![0] ?? null,
    compare: compare!,
  };
  return query;
}

/** The query string of a view, for its links (the CSV one adds format=csv). */
export function viewSearch(query: Query, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ range: query.range });
  if (query.range === "custom") {
    params.set("from", query.from);
    params.set("to", query.to);
  }
  params.set("tz", query.timeZone);
  if (query.codeId) params.set("code", String(query.codeId));
  for (const id of query.compare) params.append("compare", String(id));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `?${params}`;
}

type NamedCode = { id: number; title: string | null; type: string };

/** A code's name in the CSV, which stays English: its title, or its type and id. */
const codeTitle = (code: NamedCode) =>
  code.title || `${code.type.toUpperCase()} QR Code #${code.id}`;

/** The same name as the page says it, in the request's language. */
const codeLabel = (code: NamedCode, t: Translate) =>
  code.title ||
  t("dashboard.analytics.untitled", { type: code.type.toUpperCase(), id: String(code.id) });

/**
 * `viewerZone`: the zone the viewer's pages are in (viewerTimeZone), for a query without tz;
 * `t`: the request's language, for the refusals the page shows.
 */
export async function analyticsView(
  db: Database,
  membership: Membership,
  request: Request,
  viewerZone: string | null,
  t: Translate,
  now = Date.now(),
) {
  const url = new URL(request.url);
  const workspaceId = membership.workspace.id;
  const plan = workspacePlan(membership, new Date(now));
  const allowed = PLANS[plan].capabilities.analyticsRetentionDays !== 0;
  const choices = await db
    .select({ id: qrCodes.id, title: qrCodes.title, type: qrCodes.type })
    .from(qrCodes)
    .where(eq(qrCodes.workspaceId, workspaceId))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(CHOICES);
  const base = {
    allowed,
    zones: timeZones(),
    codes: choices.map((code) => ({ id: code.id, title: codeLabel(code, t) })),
    upgradeHref: membership.role === "owner" ? "/dashboard?tab=plans" : "/pricing",
  };
  let query: Query;
  try {
    query = parseQuery(
      url.searchParams,
      viewerZone,
      analyticsKeptSince(plan, new Date(now)),
      now,
      t,
    );
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const typed = (error as Refusal & { typed: unknown }).typed as {
      range: string;
      from: string;
      to: string;
      timeZone: string;
      codeId: string;
      compare: string[];
    };
    return { ...base, error: error.message, typed, report: null };
  }
  const named = await workspaceCodesAmong(db, workspaceId, [
    ...(query.codeId ? [query.codeId] : []),
    ...query.compare,
  ]);
  const byId = new Map(named.map((code) => [code.id, code]));
  // Another workspace's code is no code at all here.
  if ((query.codeId && !byId.has(query.codeId)) || query.compare.some((id) => !byId.has(id))) {
    throw data(t("dashboard.analytics.error.noCode"), { status: 404 });
  }
  const typed = {
    range: query.range,
    from: query.from,
    to: query.to,
    timeZone: query.timeZone,
    codeId: query.codeId ? String(query.codeId) : "",
    compare: query.compare.map(String),
  };
  if (!allowed) return { ...base, error: null, typed, report: null };
  return { ...base, error: null, typed, report: await report(db, workspaceId, query, byId, t) };
}

async function report(
  db: Database,
  workspaceId: string,
  query: Query,
  byId: Map<number, NamedCode>,
  t: Translate,
) {
  const { timeZone, interval } = query;
  const start = localMidnight(query.from, timeZone);
  const end = localMidnight(isoDay(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS), timeZone);
  const scope: ScanScope = query.codeId ? { codeId: query.codeId } : { workspaceId };
  const segments = offsetSegments(timeZone, start, end);
  const [hours, week, ...rest] = await db.batch([
    scanSeriesQuery(db, scope, { start, end, segments, interval }),
    scanWeekQuery(db, scope, start, end, segments),
    ...BREAKDOWNS.map(([dimension]) => scanBreakdownQuery(db, scope, dimension, start, end, TOP)),
    ...query.compare.map((codeId) =>
      scanSeriesQuery(db, { codeId }, { start, end, segments, interval }),
    ),
  ]);
  const rows = (list: typeof hours) =>
    list.map((row) => ({ hour: row.hour, scans: Number(row.scans), uniques: Number(row.uniques) }));
  const series = bucketSeries(rows(hours), { start, end, timeZone, interval });
  const breakdowns = BREAKDOWNS.map(([dimension, title], index) => ({
    dimension,
    title,
    rows: (rest[index] as { value: string; scans: number }[]).map((row) => ({
      /** Empty when the rollup does not know it: the page and the CSV name it. */
      name: row.value,
      scans: Number(row.scans),
    })),
  }));
  const compared = query.compare.map((codeId, index) => ({
    id: codeId,
    title: codeTitle(byId.get(codeId)!),
    label: codeLabel(byId.get(codeId)!, t),
    series: bucketSeries(rows(rest[BREAKDOWNS.length + index] as typeof hours), {
      start,
      end,
      timeZone,
      interval,
    }),
  }));
  const scope_ = query.codeId ? byId.get(query.codeId)! : null;
  return {
    query,
    search: viewSearch(query),
    csvHref: `/dashboard/analytics${viewSearch(query, { format: "csv" })}`,
    code: scope_ ? { id: scope_.id, title: codeTitle(scope_), label: codeLabel(scope_, t) } : null,
    totals: {
      scans: series.reduce((sum, bucket) => sum + bucket.scans, 0),
      uniques: series.reduce((sum, bucket) => sum + bucket.uniques, 0),
    },
    series,
    breakdowns,
    week: weekGrid(week.map((row) => ({ slot: Number(row.slot), scans: Number(row.scans) }))),
    compared,
  };
}

export type AnalyticsView = Awaited<ReturnType<typeof analyticsView>>;
export type AnalyticsReport = NonNullable<AnalyticsView["report"]>;

/** What the page shows, as CSV: one table of section, item and numbers. */
export function reportCsv(report: AnalyticsReport): string {
  const { query } = report;
  const rows: (string | number)[][] = [
    ["Scope", report.code ? report.code.title : "All codes", "", ""],
    ["Range", `${query.from} to ${query.to}`, "", ""],
    ["Time zone", query.timeZone, "", ""],
    ["Totals", "", report.totals.scans, report.totals.uniques],
    ...report.series.map((bucket) => [
      `Scans by ${query.interval}`,
      bucket.start,
      bucket.scans,
      bucket.uniques,
    ]),
    ...report.breakdowns.flatMap((breakdown) =>
      breakdown.rows.map((row) => [breakdown.title, row.name || "Unknown", row.scans, ""]),
    ),
    ...report.week.flatMap((hours, day) =>
      hours.map((scans, hour) => [
        "Busiest hours",
        `${WEEKDAYS[day]} ${String(hour).padStart(2, "0")}:00`,
        scans,
        "",
      ]),
    ),
    ...report.compared.flatMap((code) =>
      code.series.map((bucket: Bucket) => [
        `Compare: ${code.title}`,
        bucket.start,
        bucket.scans,
        bucket.uniques,
      ]),
    ),
  ];
  return spreadsheetCsv(["section", "item", "scans", "unique scans"], rows);
}

/** The CSV file's name: the range, never a title. */
export function csvName(report: AnalyticsReport): string {
  const scope = report.code ? `code-${report.code.id}` : "workspace";
  return `analytics-${scope}-${report.query.from}-${report.query.to}.csv`;
}
