import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { newTicketMessage } from "../mail/templates";
import { findWorkspaceCode, listCodes } from "../models/qr-codes.server";
import {
  closeTicket,
  insertTicket,
  messagesOf,
  ticketOf,
  ticketsOf,
  ticketsOpenedSince,
} from "../models/support-tickets.server";
import type { Membership } from "../models/workspaces.server";
import { log } from "../observability/log.server";
import { PLANS } from "../plans/catalogue";
import { workspacePlan } from "../workspaces/current.server";
import { can } from "../workspaces/roles";
import { SUPPORT_CATEGORY_LABELS } from "./categories";
import { firstResponseDue, formatUtc, MAX_TICKETS_PER_DAY } from "./rules";
import { CODE_CHOICE, newTicketSchema } from "./schemas";
import { storeReply } from "./replies.server";
import { getSupportSettings, isStaffAccount } from "./settings.server";
import { messageView, ticketSummary } from "./views";
import type { Translate } from "../i18n/i18n";
import { appOrigin } from "../config/app-url.server";

// The person's side of support (issue #19): /support lists their requests and opens new ones,
// /support/:id shows one with its replies. The routes only wire these up.

export const TOO_MANY_TICKETS = `You have opened ${MAX_TICKETS_PER_DAY} requests in the last 24 hours, the most we take from one person in a day. Add to one of your open requests instead, or try again tomorrow.`;

/** The codes a request may be about: the current workspace's, when the member may see them. */
async function codeChoices(db: Database, membership: Membership) {
  if (!can(membership.role, "codes.view")) return [];
  const codes = await listCodes(db, membership.workspace.id, { limit: 100 });
  // Untitled codes are named on the page, in its language ("Code #12").
  return codes.map((code) => ({ id: code.id, title: code.title || null }));
}

export async function supportPage(
  db: Database,
  user: UserRecord,
  membership: Membership,
  now: Date,
) {
  const plan = workspacePlan(membership, now);
  const [tickets, codes] = await Promise.all([ticketsOf(db, user.id), codeChoices(db, membership)]);
  return {
    plan,
    planName: PLANS[plan].name,
    responseHours: PLANS[plan].capabilities.supportResponseHours,
    workspaceName: membership.label,
    tickets: tickets.map((ticket) => ticketSummary(ticket, now)),
    codes,
    staff: isStaffAccount(user),
  };
}

/** The form again with a problem the schema cannot see (a code, the daily limit). */
function refuse(
  submission: {
    reply(options: {
      fieldErrors?: Record<string, string[]>;
      formErrors?: string[];
    }): SubmissionResult<string[]>;
  },
  status: number,
  errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] },
) {
  return data({ result: submission.reply(errors) }, { status });
}

/** "Send request": checked, limited, stored with the plan's promise, then announced to support. */
export async function openTicket(
  request: Request,
  db: Database,
  user: UserRecord,
  membership: Membership,
  now: Date,
  t: Translate,
  /** The page's language: the promised time is written its way. */
  locale = "en",
) {
  const submission = parseWithZod(await request.formData(), { schema: newTicketSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  if (input.code !== undefined) {
    const visible =
      can(membership.role, "codes.view") &&
      (await findWorkspaceCode(db, input.code, membership.workspace.id)) !== null;
    if (!visible) {
      return refuse(submission, 400, {
        fieldErrors: { code: [CODE_CHOICE] },
      });
    }
  }
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  if ((await ticketsOpenedSince(db, user.id, since)) >= MAX_TICKETS_PER_DAY) {
    return refuse(submission, 429, { formErrors: [TOO_MANY_TICKETS] });
  }
  const plan = workspacePlan(membership, now);
  const promise = firstResponseDue(plan, now);
  const ticket = {
    id: crypto.randomUUID(),
    userId: user.id,
    workspaceId: membership.workspace.id,
    qrCodeId: input.code ?? null,
    plan,
    subject: input.subject,
    category: input.category,
    ...promise,
    createdAt: now,
  };
  await insertTicket(db, ticket, input.message);
  log("info", "support_ticket_opened", { ticketId: ticket.id, plan, dueAt: promise.dueAt });
  const origin = appOrigin();
  await sendMail(
    newTicketMessage({
      to: getSupportSettings().supportEmail,
      from: user.email,
      planName: PLANS[plan].name,
      category: SUPPORT_CATEGORY_LABELS[input.category],
      subject: input.subject,
      due: promise.dueAt ? formatUtc(promise.dueAt) : null,
      body: input.message,
      link: `${origin}/staff/support/${ticket.id}`,
    }),
  );
  return redirectWithToast(request, `/support/${ticket.id}`, {
    title: t("support.toast.sent"),
    description: promise.dueAt
      ? t("support.toast.answerBy", { date: formatUtc(promise.dueAt, locale) })
      : t("support.toast.community"),
    variant: "success",
  });
}

export async function ticketPage(
  db: Database,
  user: UserRecord,
  id: string,
  now: Date,
  t: Translate,
) {
  const ticket = await ticketOf(db, id, user.id);
  if (!ticket) throw data(t("support.notFound"), { status: 404 });
  const messages = await messagesOf(db, ticket.id);
  return { ticket: ticketSummary(ticket, now), messages: messages.map(messageView) };
}

/** A reply or "Close" from the person on their own ticket. */
export async function personAction(
  request: Request,
  db: Database,
  user: UserRecord,
  id: string,
  now: Date,
  t: Translate,
) {
  const ticket = await ticketOf(db, id, user.id);
  if (!ticket) throw data(t("support.notFound"), { status: 404 });
  const form = await request.formData();
  const back = `/support/${ticket.id}`;
  if (form.get("intent") === "close") {
    await closeTicket(db, ticket.id, now);
    return redirectWithToast(request, back, {
      title: t("support.toast.closed"),
      variant: "success",
    });
  }
  const stored = await storeReply(db, form, ticket, { authorId: user.id, fromStaff: false }, now);
  if (!stored.ok) return stored.answer;
  return redirectWithToast(request, back, {
    title: ticket.status === "closed" ? t("support.toast.reopened") : t("support.toast.replied"),
    variant: "success",
  });
}
