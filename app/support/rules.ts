import type { SupportStatus } from "../db/schema";
import { PLANS, type PlanId } from "../plans/catalogue";
import { formatDateTime } from "../dates/format";

// The pure rules of priority support (issue #19): the promised time of a plan, how a ticket's
// status moves, what is overdue and the order of the staff inbox. No platform imports.

/** Tickets one person may open in 24 hours: plenty for real questions, a wall for a script. */
export const MAX_TICKETS_PER_DAY = 10;

const HOUR_MS = 60 * 60 * 1000;

/** The plan's promise when a ticket is opened: hours and the time the first reply is due. */
export function firstResponseDue(
  plan: PlanId,
  openedAt: Date,
): { responseHours: number | null; dueAt: Date | null } {
  const responseHours = PLANS[plan].capabilities.supportResponseHours;
  return {
    responseHours,
    dueAt: responseHours === null ? null : new Date(openedAt.getTime() + responseHours * HOUR_MS),
  };
}

export type TicketEvent = "customer-reply" | "staff-reply" | "close";

/**
 * Where a ticket goes next. Staff replying makes it "answered"; the person replying (also to a
 * closed ticket, which reopens it: the page says so) makes it "open"; either side can close.
 */
export function nextStatus(_current: SupportStatus, event: TicketEvent): SupportStatus {
  if (event === "close") return "closed";
  return event === "staff-reply" ? "answered" : "open";
}

interface TicketTiming {
  status: SupportStatus;
  dueAt: Date | null;
  firstResponseAt: Date | null;
}

/** Past its promised time without a first staff reply (and not closed). */
export function isOverdue(ticket: TicketTiming, now: Date): boolean {
  return (
    ticket.status !== "closed" &&
    ticket.firstResponseAt === null &&
    ticket.dueAt !== null &&
    ticket.dueAt.getTime() <= now.getTime()
  );
}

/** Still waiting for its first reply within a promised time: "Response due by …" is shown. */
export function awaitsPromisedReply(ticket: TicketTiming): boolean {
  return ticket.status !== "closed" && ticket.firstResponseAt === null && ticket.dueAt !== null;
}

const STATUS_ORDER: Record<SupportStatus, number> = { open: 0, answered: 1, closed: 2 };

/**
 * The staff inbox's order: tickets waiting for staff first, the earliest due at the top (so the
 * overdue ones lead), community tickets (no promised time) after the promised ones, oldest first;
 * then answered, then closed, most recent first.
 */
export function compareForInbox(
  a: TicketTiming & { createdAt: Date; updatedAt: Date },
  b: TicketTiming & { createdAt: Date; updatedAt: Date },
): number {
  if (a.status !== b.status) return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (a.status !== "open") return b.updatedAt.getTime() - a.updatedAt.getTime();
  const due = (t: TicketTiming) =>
    t.firstResponseAt === null && t.dueAt !== null ? t.dueAt.getTime() : Number.POSITIVE_INFINITY;
  const byDue = due(a) - due(b);
  if (byDue !== 0 && !Number.isNaN(byDue)) return byDue;
  return a.createdAt.getTime() - b.createdAt.getTime();
}

/** "26 Nov 2026, 15:05 CET": a moment in the reader's zone (the runtime's without one), named. */
export function formatInZone(time: Date, timeZone?: string, locale = "en"): string {
  return formatDateTime(time, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, locale);
}

/**
 * "26 Nov 2026, 14:05 UTC": the unambiguous text a page shows before (or without) JavaScript;
 * "26.11.2026, 14:05 UTC" in German (issue #32: the page's language writes the date its way).
 */
export function formatUtc(time: Date, locale = "en"): string {
  return formatInZone(time, "UTC", locale);
}
