import { data, Link } from "react-router";
import { FormattedDate } from "../components/formatted-date";
import { StaffNav } from "../components/staff/staff-nav";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import { staffAuditPage } from "../staff/audit.server";
import staffCss from "../styles/staff.css?url";
import type { Route } from "./+types/staff.audit";

// The staff audit log (issue #31): every console action, newest first, 50 a page.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: staffCss, precedence: "page" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context);
  const before = Number(new URL(request.url).searchParams.get("before"));
  const page = await staffAuditPage(createDatabase(), {
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  });
  return data(
    {
      next: page.next,
      entries: page.entries.map((entry) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        staff: entry.staffEmail,
        action: entry.action,
        subject: `${entry.subjectType} ${entry.subjectId}`,
        details: entry.details ? JSON.stringify(entry.details) : "",
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta = () => [
  ...pageMeta("Staff audit log", "Every staff action."),
  { name: "robots", content: "noindex" },
];

export default function StaffAuditLog({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container staff">
      <StaffNav />
      <header className="page-header">
        <h1>Staff audit log</h1>
        <p className="lead">Every action taken in the staff console, newest first.</p>
      </header>
      {loaderData.entries.length === 0 ? (
        <p className="muted">No staff actions yet.</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Subject</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <FormattedDate value={entry.at} time />
                </td>
                <td>{entry.staff}</td>
                <td>{entry.action}</td>
                <td>{entry.subject}</td>
                <td>{entry.details}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {loaderData.next !== null && (
        <p>
          <Link to={`/staff/audit?before=${loaderData.next}`}>Older entries</Link>
        </p>
      )}
    </section>
  );
}
