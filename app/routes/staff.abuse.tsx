import { data } from "react-router";
import { abuseQueuePage } from "../abuse/queue.server";
import { LinkActions, LinkFacts, ReportList } from "../components/staff/abuse";
import { StaffNav } from "../components/staff/staff-nav";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import staffCss from "../styles/staff.css?url";
import type { Route } from "./+types/staff.abuse";

// The abuse queue (issue #31): links with open reports, the most reported first, each with its
// destination, workspace and reports, and the links staff disabled, to enable them again.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: staffCss, precedence: "page" },
];

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaff(context);
  const page = await abuseQueuePage(createDatabase());
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = () => [
  ...pageMeta("Abuse reports", "Reported links."),
  { name: "robots", content: "noindex" },
];

export default function StaffAbuse({ loaderData }: Route.ComponentProps) {
  const { queue, disabled } = loaderData;
  return (
    <section className="container staff">
      <StaffNav />
      <header className="page-header">
        <h1>Abuse reports</h1>
        <p className="lead">
          Links people reported from their preview page, the most reported first. Reports are never
          shown to the link&apos;s workspace.
        </p>
      </header>
      {queue.length === 0 ? <p className="muted">No open reports.</p> : null}
      {queue.map(({ link, reports }) => (
        <article key={link.slug} className="card staff-abuse-link" aria-label={`Link ${link.slug}`}>
          <h2>
            {link.slug} · {reports.length} open {reports.length === 1 ? "report" : "reports"}
          </h2>
          <LinkFacts link={link} />
          <ReportList reports={reports} />
          <LinkActions link={link} back="queue" />
        </article>
      ))}
      <h2>Disabled links</h2>
      {disabled.length === 0 ? (
        <p className="muted">No link is disabled.</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">Link</th>
              <th scope="col">Destination</th>
              <th scope="col">Workspace</th>
              <th scope="col">Reason</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {disabled.map((link) => (
              <tr key={link.slug}>
                <td>
                  <a href={`/staff/abuse/${link.slug}`}>{link.slug}</a> on {link.host}
                </td>
                <td>{link.destination}</td>
                <td>
                  {link.workspace ?? "—"}
                  {link.owner ? ` · ${link.owner}` : ""}
                </td>
                <td>{link.disabledReason}</td>
                <td>
                  <LinkActions link={link} back="queue" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
