import { data } from "react-router";
import { StaffNav } from "../components/staff/staff-nav";
import { TicketList } from "../components/support/ticket-list";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import { inboxPage } from "../support/staff.server";
import staffCss from "../styles/staff.css?url";
import supportCss from "../styles/support.css?url";
import type { Route } from "./+types/staff.support";

// The staff inbox (issue #19): every request, the ones waiting for us first and the earliest due
// at the top; overdue ones are marked. Only staff (STAFF_EMAILS, verified) see it; others get 404.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: supportCss, precedence: "page" },
  { rel: "stylesheet", href: staffCss, precedence: "page" },
];

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaff(context);
  const page = await inboxPage(createDatabase(), new Date());
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = () => [
  ...pageMeta("Support inbox", "Support requests."),
  { name: "robots", content: "noindex" },
];

export default function StaffInbox({ loaderData: page }: Route.ComponentProps) {
  const waiting = page.tickets.filter((ticket) => ticket.status === "open");
  const overdue = waiting.filter((ticket) => ticket.overdue).length;
  return (
    <section className="container narrow support">
      <StaffNav />
      <header className="page-header">
        <h1>Support inbox</h1>
        <p className="lead">
          {waiting.length} waiting for an answer
          {overdue > 0 ? `, ${overdue} overdue` : ""}.
        </p>
      </header>
      {page.tickets.length === 0 ? (
        <p className="muted">No support requests yet.</p>
      ) : (
        <TicketList tickets={page.tickets} base="/staff/support" />
      )}
    </section>
  );
}
