import type { ListQuery } from "../codes/listing";
import type { Database } from "../db/client.server";
import {
  codeCountQuery,
  codeListQuery,
  type ListedCode,
  type ListPage,
  toListPage,
  workspaceTagsQuery,
} from "./code-list.server";
import {
  type DailyActivity,
  dailyActivityQueries,
  type ScanBreakdown,
  scanBreakdownQueries,
  toDailyActivity,
  toScanBreakdown,
  toUsageTotals,
  type UsageTotals,
  usageTotalsQuery,
} from "./qr-codes.server";

export interface DashboardOverview {
  page: ListPage;
  /** How many codes match the search and filters. */
  matching: number;
  /** The tags the workspace uses, for the tag filter. */
  tags: string[];
  totals: UsageTotals;
  /** Null when the plan shows no analytics. */
  activity: DailyActivity[] | null;
  breakdown: ScanBreakdown | null;
}

/**
 * What the dashboard shows of a workspace's codes: a page of them for the list's search, filters
 * and sort (issue #29), the totals and, when the plan has analytics, the last `chartDays` days.
 * One batch, so one round trip to D1: each separate query would wait its turn again on a busy
 * isolate.
 */
export async function dashboardOverview(
  db: Database,
  workspaceId: string,
  options: { list: ListQuery; limit: number; analytics: boolean; chartDays: number; now: Date },
): Promise<DashboardOverview> {
  const { list, limit, analytics, chartDays, now } = options;
  const listing = [
    codeListQuery(db, workspaceId, list, limit),
    codeCountQuery(db, workspaceId, list),
    workspaceTagsQuery(db, workspaceId),
    usageTotalsQuery(db, workspaceId),
  ] as const;
  const shape = (fetched: unknown[], counted: { count: number }[], tags: { tag: string }[]) => ({
    page: toListPage(fetched as ListedCode[], list, limit),
    matching: counted[0]?.count ?? 0,
    tags: tags.map((row) => row.tag),
  });
  if (!analytics) {
    const [fetched, counted, tags, row] = await db.batch(listing);
    return {
      ...shape(fetched, counted, tags),
      totals: toUsageTotals(row),
      activity: null,
      breakdown: null,
    };
  }
  const since = new Date(now.getTime() - chartDays * 86_400_000);
  const [fetched, counted, tags, row, downloads, scans, countries, devices] = await db.batch([
    ...listing,
    ...dailyActivityQueries(db, workspaceId, chartDays, now),
    ...scanBreakdownQueries(db, workspaceId, since),
  ]);
  return {
    ...shape(fetched, counted, tags),
    totals: toUsageTotals(row),
    activity: toDailyActivity(downloads, scans, chartDays, now),
    breakdown: toScanBreakdown(countries, devices),
  };
}
