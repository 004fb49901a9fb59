import { Link } from "react-router";
import type { TicketSummary } from "../../support/views";
import { LocalTime } from "./local-time";

/** A ticket's status and promise in one line, for the lists and the ticket pages. */
export function TicketPromise({ ticket }: { ticket: TicketSummary }) {
  if (ticket.due) {
    return (
      <span className={ticket.overdue ? "support-overdue" : undefined}>
        {ticket.overdue ? <strong>Overdue. </strong> : null}
        Response due by <LocalTime time={ticket.due} />
      </span>
    );
  }
  if (ticket.status === "closed") return <span>Closed</span>;
  if (ticket.responseHours === null && ticket.status === "open") {
    return <span>Community support: no guaranteed response time</span>;
  }
  return (
    <span>
      Last update <LocalTime time={ticket.updated} />
    </span>
  );
}

export function StatusBadge({ ticket }: { ticket: TicketSummary }) {
  return (
    <span className={`badge support-status support-status-${ticket.status}`}>
      {ticket.statusLabel}
    </span>
  );
}

/** The tickets as a list of cards (a table would overflow a phone), each a link to its page. */
export function TicketList({
  tickets,
  base,
}: {
  /** With `writer` (the staff inbox), each card names who wrote. */
  tickets: (TicketSummary & { writer?: string })[];
  base: "/support" | "/staff/support";
}) {
  return (
    <ul className="support-tickets">
      {tickets.map((ticket) => (
        <li key={ticket.id} className={`card${ticket.overdue ? " support-ticket-overdue" : ""}`}>
          <p className="support-ticket-head">
            <Link to={`${base}/${ticket.id}`}>{ticket.subject}</Link>{" "}
            <StatusBadge ticket={ticket} />
          </p>
          <p className="muted small">
            {ticket.category} · {ticket.planName}
            {ticket.writer ? ` · ${ticket.writer}` : null}
            {ticket.breached ? " · promised time missed" : null}
          </p>
          <p className="small">
            <TicketPromise ticket={ticket} />
          </p>
        </li>
      ))}
    </ul>
  );
}
