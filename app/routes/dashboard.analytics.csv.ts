import { requireUser } from "../auth/user.server";
import { viewerTimeZone } from "../dates/viewer-zone.server";
import { analyticsView, csvName, reportCsv } from "../dashboard/analytics-view.server";
import { createDatabase } from "../db/client.server";
import { getT } from "../i18n/locale.server";
import { requireMembership } from "../workspaces/current.server";
import type { Route } from "./+types/dashboard.analytics.csv";

// The Analytics view's CSV (issue #30): the same query, the same numbers, formula cells
// neutralised by the one CSV writer (app/bulk/manifest.ts).

const text = (message: string, status: number) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const membership = await requireMembership(request, context);
  const zone = viewerTimeZone(request, user).zone;
  const t = await getT(context);
  const view = await analyticsView(createDatabase(), membership, request, zone, t);
  if (view.error) return text(view.error, 400);
  if (!view.report) {
    return text(t("dashboard.analytics.csvUpgrade"), 403);
  }
  return new Response(reportCsv(view.report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvName(view.report)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
