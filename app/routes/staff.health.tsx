import { data } from "react-router";
import { HealthBlocks } from "../components/staff/health-blocks";
import { StaffNav } from "../components/staff/staff-nav";
import { createDatabase } from "../db/client.server";
import { healthReport } from "../operations/health.server";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import staffCss from "../styles/staff.css?url";
import type { Route } from "./+types/staff.health";

// The operator's first page (issue #31): the last 24 hours of queues, crons, bulk jobs, webhook
// endpoints, mail and 5xx answers, problems first. Read-only; staff only, others get the 404.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: staffCss, precedence: "page" },
];

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaff(context);
  const now = new Date();
  const report = await healthReport(createDatabase(), now);
  return data(
    { now: now.toISOString(), report },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta = () => [
  ...pageMeta("Health", "The service's last 24 hours."),
  { name: "robots", content: "noindex" },
];

export default function StaffHealth({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container staff">
      <StaffNav />
      <header className="page-header">
        <h1>Health</h1>
        <p className="lead">The last 24 hours, problems first. Reload the page to refresh it.</p>
      </header>
      <HealthBlocks report={loaderData.report} />
    </section>
  );
}
