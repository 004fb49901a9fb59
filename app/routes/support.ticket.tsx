import { data, Link } from "react-router";
import { requireUser } from "../auth/user.server";
import { CloseForm, ReplyForm } from "../components/support/forms";
import { Thread } from "../components/support/thread";
import { StatusBadge, TicketPromise } from "../components/support/ticket-list";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { personAction, ticketPage } from "../support/tickets.server";
import supportCss from "../styles/support.css?url";
import type { Route } from "./+types/support.ticket";

// One of the person's support requests (issue #19): its messages, a reply form and "Close".

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: supportCss, precedence: "page" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const page = await ticketPage(createDatabase(), user, params.id, new Date());
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return personAction(request, createDatabase(), user, params.id, new Date());
}

export const meta = ({ loaderData: page }: Route.MetaArgs) =>
  pageMeta(page ? page.ticket.subject : "Support request", "A support request and its answers.");

export default function SupportTicket({ loaderData: page, actionData }: Route.ComponentProps) {
  const { ticket, messages } = page;
  const closed = ticket.status === "closed";
  return (
    <section className="container narrow support">
      <p>
        <Link to="/support">← Your requests</Link>
      </p>
      <h1>{ticket.subject}</h1>
      <p className="support-facts">
        <StatusBadge ticket={ticket} /> <span className="muted">{ticket.category}</span>
        {ticket.codeId ? <span className="muted"> · about code #{ticket.codeId}</span> : null}
      </p>
      <p>
        <TicketPromise ticket={ticket} />
      </p>
      <Thread messages={messages} staffView={false} />
      <section className="card" aria-labelledby="reply-heading">
        <h2 id="reply-heading">{closed ? "Reopen this request" : "Reply"}</h2>
        <ReplyForm
          lastResult={actionData?.result}
          label="Your message"
          hint={
            closed
              ? "This request is closed. Writing here reopens it."
              : "Plain text; we e-mail you when support answers."
          }
        />
        {closed ? null : <CloseForm label="Close this request" />}
      </section>
    </section>
  );
}
