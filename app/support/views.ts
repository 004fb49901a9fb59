import type { SupportMessageRecord, SupportStatus, SupportTicketRecord } from "../db/schema";
import { PLANS } from "../plans/catalogue";
import { SUPPORT_CATEGORY_LABELS } from "./categories";
import { awaitsPromisedReply, formatUtc, isOverdue } from "./rules";

// What the support pages show of a ticket: plain values, times as UTC ISO strings (the page
// turns them into the reader's zone) with an unambiguous UTC text for pages without JavaScript.

export const STATUS_LABELS: Record<SupportStatus, string> = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

export interface TimeView {
  iso: string;
  utc: string;
}

const timeView = (time: Date): TimeView => ({ iso: time.toISOString(), utc: formatUtc(time) });

export function ticketSummary(ticket: SupportTicketRecord, now: Date) {
  return {
    id: ticket.id,
    subject: ticket.subject,
    status: ticket.status,
    statusLabel: STATUS_LABELS[ticket.status],
    category: SUPPORT_CATEGORY_LABELS[ticket.category],
    categoryId: ticket.category,
    planName: PLANS[ticket.plan].name,
    responseHours: ticket.responseHours,
    /** Shown as "Response due by …" while the first reply is awaited within a promised time. */
    due: awaitsPromisedReply(ticket) && ticket.dueAt ? timeView(ticket.dueAt) : null,
    overdue: isOverdue(ticket, now),
    breached: ticket.breachedAt !== null,
    opened: timeView(ticket.createdAt),
    updated: timeView(ticket.updatedAt),
    codeId: ticket.qrCodeId,
  };
}

export type TicketSummary = ReturnType<typeof ticketSummary>;

export function messageView(message: SupportMessageRecord) {
  return {
    id: message.id,
    fromStaff: message.fromStaff,
    body: message.body,
    sent: timeView(message.createdAt),
  };
}

export type MessageView = ReturnType<typeof messageView>;
