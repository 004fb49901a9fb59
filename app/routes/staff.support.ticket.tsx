import { data, Link } from "react-router";
import { CloseForm, ReplyForm } from "../components/support/forms";
import { Thread } from "../components/support/thread";
import { StatusBadge, TicketPromise } from "../components/support/ticket-list";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import { staffAction, staffTicketPage } from "../support/staff.server";
import supportCss from "../styles/support.css?url";
import type { Route } from "./+types/staff.support.ticket";

// A request as staff see it (issue #19): who wrote, on which plan, its promise; reply or close.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: supportCss, precedence: "page" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  await requireStaff(context);
  const page = await staffTicketPage(createDatabase(), params.id, new Date());
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(context);
  return staffAction(request, createDatabase(), staff, params.id, new Date());
}

export const meta = ({ loaderData: page }: Route.MetaArgs) => [
  ...pageMeta(page ? page.ticket.subject : "Support request", "A support request."),
  { name: "robots", content: "noindex" },
];

export default function StaffTicket({ loaderData: page, actionData }: Route.ComponentProps) {
  const { ticket, messages } = page;
  return (
    <section className="container narrow support">
      <p>
        <Link to="/staff/support">← Support inbox</Link>
      </p>
      <h1>{ticket.subject}</h1>
      <p className="support-facts">
        <StatusBadge ticket={ticket} />{" "}
        <span className="muted">
          {ticket.writer} · {ticket.planName} plan · {ticket.category}
          {ticket.codeId ? ` · code #${ticket.codeId}` : ""}
          {ticket.breached ? " · promised time missed" : ""}
        </span>
      </p>
      <p>
        <TicketPromise ticket={ticket} />
      </p>
      <Thread messages={messages} staffView />
      <section className="card" aria-labelledby="reply-heading">
        <h2 id="reply-heading">Answer</h2>
        <ReplyForm
          lastResult={actionData?.result}
          label="Your answer"
          hint={`Shown on the request's page and e-mailed to ${ticket.writer}.`}
        />
        {ticket.status === "closed" ? null : <CloseForm label="Close the ticket" />}
      </section>
    </section>
  );
}
