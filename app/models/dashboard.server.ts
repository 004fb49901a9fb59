import type { Database } from "../db/client.server";
import {
  type CodeWithCounts,
  codesWithCountsQuery,
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
  codes: CodeWithCounts[];
  totals: UsageTotals;
  /** Null when the plan shows no analytics. */
  activity: DailyActivity[] | null;
  breakdown: ScanBreakdown | null;
}

/**
 * What the dashboard shows of a user's codes: a page of them with their counts, the totals and,
 * when the plan has analytics, the last `chartDays` days. One batch, so one round trip to D1:
 * each separate query would wait its turn again on a busy isolate.
 */
export async function dashboardOverview(
  db: Database,
  userId: string,
  options: { limit: number; offset: number; analytics: boolean; chartDays: number; now: Date },
): Promise<DashboardOverview> {
  const { limit, offset, analytics, chartDays, now } = options;
  const page = codesWithCountsQuery(db, userId, { limit, offset });
  const totals = usageTotalsQuery(db, userId);
  if (!analytics) {
    const [codes, row] = await db.batch([page, totals]);
    return { codes, totals: toUsageTotals(row), activity: null, breakdown: null };
  }
  const since = new Date(now.getTime() - chartDays * 86_400_000);
  const [codes, row, downloads, scans, countries, devices] = await db.batch([
    page,
    totals,
    ...dailyActivityQueries(db, userId, chartDays, now),
    ...scanBreakdownQueries(db, userId, since),
  ]);
  return {
    codes,
    totals: toUsageTotals(row),
    activity: toDailyActivity(downloads, scans, chartDays, now),
    breakdown: toScanBreakdown(countries, devices),
  };
}
