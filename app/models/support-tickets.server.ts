import { and, asc, desc, eq, gte, isNull, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  type SupportStatus,
  type SupportTicketRecord,
  supportMessages,
  supportTickets,
  users,
} from "../db/schema";

// Support tickets and their messages in D1 (issue #19). A ticket is looked up by its id together
// with its writer, so one person can never reach another's ticket; only the staff inbox reads
// tickets by id alone.

export type NewTicket = Pick<
  SupportTicketRecord,
  | "id"
  | "userId"
  | "workspaceId"
  | "qrCodeId"
  | "plan"
  | "subject"
  | "category"
  | "responseHours"
  | "dueAt"
  | "createdAt"
>;

/** The ticket and its first message, in one atomic batch. */
export async function insertTicket(db: Database, ticket: NewTicket, message: string) {
  await db.batch([
    db.insert(supportTickets).values({ ...ticket, status: "open", updatedAt: ticket.createdAt }),
    db.insert(supportMessages).values({
      id: crypto.randomUUID(),
      ticketId: ticket.id,
      authorId: ticket.userId,
      fromStaff: false,
      body: message,
      createdAt: ticket.createdAt,
    }),
  ]);
}

/** How many tickets the person opened since `since` (the daily limit). */
export async function ticketsOpenedSince(db: Database, userId: string, since: Date) {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(supportTickets)
    .where(and(eq(supportTickets.userId, userId), gte(supportTickets.createdAt, since)))
    .get();
  return row?.n ?? 0;
}

/** The person's tickets, the most recently active first. */
export async function ticketsOf(db: Database, userId: string, limit = 100) {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(limit)
    .all();
}

/** The person's own ticket; null for anyone else's (a 404, never a leak). */
export async function ticketOf(db: Database, id: string, userId: string) {
  return (
    (await db
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)))
      .get()) ?? null
  );
}

/** Any ticket with the e-mail address and name of its writer (staff only). */
export async function ticketWithWriter(db: Database, id: string) {
  return (
    (await db
      .select({
        ticket: supportTickets,
        email: users.email,
        firstName: users.firstName,
      })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .where(eq(supportTickets.id, id))
      .get()) ?? null
  );
}

export async function messagesOf(db: Database, ticketId: string) {
  return db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.createdAt))
    .all();
}

/**
 * A reply and the status it leads to. The first staff reply is remembered: it is what the promised
 * time was about.
 */
export async function addReply(
  db: Database,
  reply: {
    ticketId: string;
    authorId: string;
    fromStaff: boolean;
    body: string;
    status: SupportStatus;
  },
  now: Date,
) {
  await db.batch([
    db.insert(supportMessages).values({
      id: crypto.randomUUID(),
      ticketId: reply.ticketId,
      authorId: reply.authorId,
      fromStaff: reply.fromStaff,
      body: reply.body,
      createdAt: now,
    }),
    db
      .update(supportTickets)
      .set({
        status: reply.status,
        updatedAt: now,
        closedAt: null,
        ...(reply.fromStaff
          ? { firstResponseAt: sql`coalesce(${supportTickets.firstResponseAt}, ${now.getTime()})` }
          : {}),
      })
      .where(eq(supportTickets.id, reply.ticketId)),
  ]);
}

export async function closeTicket(db: Database, id: string, now: Date) {
  await db
    .update(supportTickets)
    .set({ status: "closed", closedAt: now, updatedAt: now })
    .where(and(eq(supportTickets.id, id), ne(supportTickets.status, "closed")));
}

/** How many tickets of each part the staff inbox lists at most. */
export const INBOX_LIMITS = { waiting: 500, answered: 200, closed: 100 } as const;

/**
 * The staff inbox: tickets waiting for staff, answered ones, and those closed in the last 30
 * days, with their writer's address. Each part is read in its own order with its own limit, so
 * no number of community or closed tickets can push a ticket with a promised time out of the
 * list: waiting ones with a due time come first, the earliest due at the top, then community
 * ones oldest first; answered and closed ones most recent first (app/support/rules.ts
 * compareForInbox puts the parts together).
 */
export async function inboxTickets(db: Database, now: Date, limits = INBOX_LIMITS) {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const part = () =>
    db
      .select({ ticket: supportTickets, email: users.email })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId));
  const promised = sql`CASE WHEN ${supportTickets.firstResponseAt} IS NULL THEN ${supportTickets.dueAt} END`;
  const [waiting, answered, closed] = await db.batch([
    part()
      .where(eq(supportTickets.status, "open"))
      .orderBy(sql`${promised} IS NULL`, promised, asc(supportTickets.createdAt))
      .limit(limits.waiting),
    part()
      .where(eq(supportTickets.status, "answered"))
      .orderBy(desc(supportTickets.updatedAt))
      .limit(limits.answered),
    part()
      .where(and(eq(supportTickets.status, "closed"), gte(supportTickets.updatedAt, since)))
      .orderBy(desc(supportTickets.updatedAt))
      .limit(limits.closed),
  ]);
  return [...waiting, ...answered, ...closed];
}

/**
 * Marks every ticket whose promised time passed without a staff reply, once each (breached_at is
 * set only where it is still null). Returns the tickets it marked.
 */
export async function markBreaches(db: Database, now: Date) {
  return db
    .update(supportTickets)
    .set({ breachedAt: now })
    .where(
      and(
        isNull(supportTickets.firstResponseAt),
        isNull(supportTickets.breachedAt),
        lte(supportTickets.dueAt, now),
        ne(supportTickets.status, "closed"),
      ),
    )
    .returning({ id: supportTickets.id, plan: supportTickets.plan, dueAt: supportTickets.dueAt })
    .all();
}

/** Every ticket the person wrote and every message on them, oldest first (their data export). */
export async function ticketsWithMessagesOf(db: Database, userId: string) {
  const rows = await db
    .select({ ticket: supportTickets, message: supportMessages })
    .from(supportTickets)
    .innerJoin(supportMessages, eq(supportMessages.ticketId, supportTickets.id))
    .where(eq(supportTickets.userId, userId))
    .orderBy(asc(supportTickets.createdAt), asc(supportMessages.createdAt))
    .all();
  const tickets = new Map<
    string,
    { ticket: SupportTicketRecord; messages: (typeof rows)[number]["message"][] }
  >();
  for (const { ticket, message } of rows) {
    const entry = tickets.get(ticket.id) ?? { ticket, messages: [] };
    entry.messages.push(message);
    tickets.set(ticket.id, entry);
  }
  return [...tickets.values()];
}
