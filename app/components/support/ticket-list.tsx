import { Link } from "react-router";
import type { TicketSummary } from "../../support/views";
import { LocalTime } from "./local-time";
import { useSupportWords } from "./words";

/** A ticket's status and promise in one line, for the lists and the ticket pages. */
export function TicketPromise({ ticket }: { ticket: TicketSummary }) {
  const w = useSupportWords();
  if (ticket.due) {
    return (
      <span className={ticket.overdue ? "support-overdue" : undefined}>
        {ticket.overdue ? <strong>{w("support.promise.overdue", "Overdue.")} </strong> : null}
        {w("support.promise.due", "Response due by")} <LocalTime time={ticket.due} />
      </span>
    );
  }
  if (ticket.status === "closed") return <span>{w("support.status.closed", "Closed")}</span>;
  if (ticket.responseHours === null && ticket.status === "open") {
    return (
      <span>
        {w("support.promise.community", "Community support: no guaranteed response time")}
      </span>
    );
  }
  return (
    <span>
      {w("support.promise.updated", "Last update")} <LocalTime time={ticket.updated} />
    </span>
  );
}

export function StatusBadge({ ticket }: { ticket: TicketSummary }) {
  const w = useSupportWords();
  return (
    <span className={`badge support-status support-status-${ticket.status}`}>
      {w(`support.status.${ticket.status}`, ticket.statusLabel)}
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
  const w = useSupportWords();
  return (
    <ul className="support-tickets">
      {tickets.map((ticket) => (
        <li key={ticket.id} className={`card${ticket.overdue ? " support-ticket-overdue" : ""}`}>
          <p className="support-ticket-head">
            <Link to={`${base}/${ticket.id}`}>{ticket.subject}</Link>{" "}
            <StatusBadge ticket={ticket} />
          </p>
          <p className="muted small">
            {w(`support.category.${ticket.categoryId}`, ticket.category)} · {ticket.planName}
            {ticket.writer ? ` · ${ticket.writer}` : null}
            {ticket.breached ? ` · ${w("support.promise.missed", "promised time missed")}` : null}
          </p>
          <p className="small">
            <TicketPromise ticket={ticket} />
          </p>
        </li>
      ))}
    </ul>
  );
}
