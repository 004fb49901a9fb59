import { data, isRouteErrorResponse, redirect } from "react-router";
import { requireUser } from "../auth/user.server";
import { viewerTimeZone } from "../dates/viewer-zone.server";
import { AnalyticsViewPage } from "../components/dashboard/analytics-view";
import { ErrorCard } from "../components/error-card";
import { analyticsView } from "../dashboard/analytics-view.server";
import { createDatabase } from "../db/client.server";
import { getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import { requireMembership } from "../workspaces/current.server";
import analyticsCss from "../styles/analytics.css?url";
import type { Route } from "./+types/dashboard.analytics";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: analyticsCss, precedence: "page" },
];

// The Analytics view (issue #30): app/dashboard/analytics-view.server.ts reads, and
// app/components/dashboard/analytics-view.tsx draws; ?format=csv is the same view as CSV.

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The page's query with format=csv is its CSV (a resource route, so that it is a file).
  if (url.searchParams.get("format") === "csv")
    throw redirect(`/dashboard/analytics.csv${url.search}`);
  const user = await requireUser(request, context);
  const membership = await requireMembership(request, context);
  const zone = viewerTimeZone(request, user).zone;
  const t = await getT(context);
  const view = await analyticsView(createDatabase(), membership, request, zone, t);
  const headers = { "Cache-Control": "private, no-store" };
  return data(view, { status: view.error ? 400 : 200, headers });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("dashboard.analytics.meta.title"), t("dashboard.analytics.meta.description"));
};

export default function AnalyticsRoute({ loaderData }: Route.ComponentProps) {
  return <AnalyticsViewPage view={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500
      ? error.data
      : undefined;
  return <ErrorCard status={status} message={message} />;
}
