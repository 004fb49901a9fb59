import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { supportReplyMessage } from "../mail/templates";
import { recipientLocaleByEmail } from "../mail/recipient.server";
import {
  closeTicket,
  inboxTickets,
  messagesOf,
  ticketWithWriter,
} from "../models/support-tickets.server";
import { log } from "../observability/log.server";
import { compareForInbox } from "./rules";
import { storeReply } from "./replies.server";
import { messageView, ticketSummary } from "./views";
import { appOrigin } from "../config/app-url.server";

// The staff side of support (issue #19): the inbox at /staff/support and a ticket's staff view.
// Who may open it: app/staff/access.server.ts.

export async function inboxPage(db: Database, now: Date) {
  const rows = await inboxTickets(db, now);
  rows.sort((a, b) => compareForInbox(a.ticket, b.ticket));
  return {
    tickets: rows.map((row) => ({ ...ticketSummary(row.ticket, now), writer: row.email })),
  };
}

async function staffTicket(db: Database, id: string) {
  const found = await ticketWithWriter(db, id);
  if (!found) throw data("This support request does not exist.", { status: 404 });
  return found;
}

export async function staffTicketPage(db: Database, id: string, now: Date) {
  const found = await staffTicket(db, id);
  const messages = await messagesOf(db, id);
  return {
    ticket: { ...ticketSummary(found.ticket, now), writer: found.email },
    messages: messages.map(messageView),
  };
}

/** A staff reply (e-mailed to the person, with a link to the ticket) or "Close". */
export async function staffAction(
  request: Request,
  db: Database,
  staff: UserRecord,
  id: string,
  now: Date,
) {
  const { ticket, email, firstName } = await staffTicket(db, id);
  const form = await request.formData();
  const back = `/staff/support/${ticket.id}`;
  if (form.get("intent") === "close") {
    await closeTicket(db, ticket.id, now);
    return redirectWithToast(request, back, { title: "Ticket closed", variant: "success" });
  }
  const stored = await storeReply(db, form, ticket, { authorId: staff.id, fromStaff: true }, now);
  if (!stored.ok) return stored.answer;
  log("info", "support_ticket_answered", {
    ticketId: ticket.id,
    late: ticket.dueAt !== null && ticket.firstResponseAt === null && ticket.dueAt <= now,
  });
  const outcome = await sendMail(
    supportReplyMessage({
      locale: await recipientLocaleByEmail(db, email),
      to: email,
      firstName,
      subject: ticket.subject,
      body: stored.body,
      link: `${appOrigin()}/support/${ticket.id}`,
    }),
  );
  return redirectWithToast(request, back, {
    title: "Reply sent",
    description:
      outcome === "failed"
        ? "It is on the ticket page, but the e-mail to the person could not be sent."
        : `It is on the ticket page and e-mailed to ${email}.`,
    variant: outcome === "failed" ? "error" : "success",
  });
}
