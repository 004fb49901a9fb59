import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Database } from "../db/client.server";
import type { SupportTicketRecord } from "../db/schema";
import { addReply } from "../models/support-tickets.server";
import { nextStatus } from "./rules";
import { replySchema } from "./schemas";

// A reply on a ticket, from the person or from staff: the same form and checks for both.

/** Stores a reply (person or staff) after checking it; the caller tells whoever must know. */
export async function storeReply(
  db: Database,
  form: FormData,
  ticket: SupportTicketRecord,
  author: { authorId: string; fromStaff: boolean },
  now: Date,
) {
  const submission = parseWithZod(form, { schema: replySchema });
  if (submission.status !== "success") {
    return { ok: false as const, answer: data({ result: submission.reply() }, { status: 400 }) };
  }
  const status = nextStatus(ticket.status, author.fromStaff ? "staff-reply" : "customer-reply");
  await addReply(
    db,
    { ticketId: ticket.id, ...author, body: submission.value.message, status },
    now,
  );
  return { ok: true as const, body: submission.value.message };
}
