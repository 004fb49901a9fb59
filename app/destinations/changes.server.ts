import type { Database } from "../db/client.server";
import type { DestinationChangeKind } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { scheduleCancelledMessage } from "../mail/templates";
import { recipientLocaleByEmail } from "../mail/recipient.server";
import {
  changeCondition,
  changeStatements,
  clearScheduleStatement,
  stillPending,
  findHistoryEntry,
  findTrackedCode,
  pendingChangesToSettle,
  setScheduleStatement,
  cancelledRowStatement,
  type TrackedCode,
} from "../models/destinations.server";
import { phrase, type Phrase } from "../i18n/phrase";
import type { PlanId } from "../plans/catalogue";
import { canEditDestination } from "../plans/rules";
import { forgetLinks } from "../scans/links.server";
import { type AuditActor, recordAudit } from "../workspaces/audit.server";
import { emitWebhookEvent } from "../webhooks/emit.server";
import {
  type Checked,
  checkWebAddress,
  canonicalZone,
  LOOP_MESSAGE,
  zonedTimeToUtc,
} from "./destination";
import { leadsBackHere } from "./loop-guard.server";
import { unsafeDestination } from "./safety.server";

// Dynamic codes (issue #21): changing, restoring and scheduling a tracked code's destination, for
// the dashboard's forms, the code's page, the public API and the minute cron. The caller checked
// the member's role; the plan, the address and the code's workspace are checked here. The image
// never changes: it encodes the short link, and only where the link leads changes.

export interface Editor {
  workspaceId: string;
  /** The workspace's plan now. */
  plan: PlanId;
  actor: AuditActor;
}

export type Refusal = {
  ok: false;
  /** 409: staff disabled the link; 422: the destination is unsafe (issue #31). */
  status: 400 | 403 | 404 | 409 | 422;
  /** The form field the message belongs beside. */
  field: "destination" | "at" | null;
  /** English, for the API; `phrase` is what a page says (issue #32, app/i18n/phrase.ts). */
  message: string;
  phrase?: Phrase;
};

export type ChangeOutcome = { ok: true; oldUrl: string; newUrl: string } | Refusal;

const refuse = (
  status: Refusal["status"],
  message: string,
  field: Refusal["field"] = null,
  said?: Phrase,
): Refusal => ({ ok: false, status, field, message, ...(said ? { phrase: said } : {}) });

function notFound(codeId: number): Refusal {
  return refuse(
    404,
    `There is no tracked code ${codeId} in this workspace.`,
    null,
    phrase("code.refusal.notTracked", { id: String(codeId) }),
  );
}

function alreadyLeads(url: string): Refusal {
  return refuse(
    400,
    `The code already leads to ${url}.`,
    "destination",
    phrase("code.refusal.alreadyLeads", { url }),
  );
}

/** A valid http(s) address that does not lead back into this service (app/destinations/loop-guard). */
export async function checkDestination(db: Database, raw: unknown): Promise<Checked> {
  const checked: Checked = checkWebAddress(raw);
  if (!checked.ok) return checked;
  if (await leadsBackHere(db, checked.url)) return { ok: false, message: LOOP_MESSAGE };
  return checked;
}

/** A destination the link-safety check refuses (issue #31), as a refusal beside its field. */
async function unsafeRefusal(db: Database, url: string): Promise<Refusal | null> {
  const unsafe = await unsafeDestination(db, url);
  return unsafe ? refuse(422, unsafe.message, "destination") : null;
}

interface Commit {
  code: TrackedCode;
  url: string;
  kind: DestinationChangeKind;
  actor: AuditActor | null;
  now: Date;
  /** The scheduled change being applied, which must still be pending. */
  pending?: { url: string; at: Date };
}

/**
 * The one place a destination changes (the dashboard, Restore, the API and the cron all come
 * here): the history row, the code's data.url, the link's target and the audit entry in one
 * batch. Returns the old and new address, or null when nothing changed (already applied).
 * Every applied change is told to the workspace's webhooks as `qr_code.updated` with the old and
 * new address (issue #19), whoever made it: the dashboard, Restore, the API or the minute cron.
 */
export async function commitChange(
  db: Database,
  { code, url, kind, actor, now, pending }: Commit,
): Promise<{ oldUrl: string; newUrl: string } | null> {
  const statements = changeStatements(db, {
    codeId: code.codeId,
    workspaceId: code.workspaceId,
    url,
    kind,
    changedBy: actor?.id ?? null,
    now,
    pending,
  });
  const [history] = await db.batch([
    statements.history,
    statements.code,
    recordAudit(
      db,
      {
        workspaceId: code.workspaceId,
        actor,
        action: "destination.changed",
        target: code.codeId,
        details: { title: code.title ?? undefined, from: code.targetUrl, to: url },
      },
      { now, onlyIf: changeCondition(code.codeId, url, pending) },
    ),
    statements.link,
  ]);
  if (history.meta.changes === 0) return null;
  await emitWebhookEvent(db, code.workspaceId, "qr_code.updated", {
    id: code.codeId,
    title: code.title,
    changes: ["destination"],
    destination: { from: code.targetUrl, to: url, kind },
  });
  return { oldUrl: code.targetUrl, newUrl: url };
}

/** Where the edge keeps the link: forgotten here, so this data centre's next scan reads D1. */
async function purge(origin: string, code: TrackedCode) {
  await forgetLinks(origin, [code.slug]);
}

/**
 * Applies the code's scheduled change if it is due but the minute cron has not come yet. From its
 * time on scans already follow it (the redirect reads it with the link), so a request made before
 * the cron acts on the code as it really leads: the history records the scheduled change first,
 * and an edit made now is not overwritten by it a minute later. Only while the plan allows
 * changes (otherwise the redirect ignores it, and the cron cancels it with a notice).
 */
async function settleDue(
  db: Database,
  code: TrackedCode,
  plan: PlanId,
  now: Date,
): Promise<TrackedCode> {
  const { scheduledUrl: url, scheduledAt: at } = code;
  if (!url || !at || at.getTime() > now.getTime() || !canEditDestination(plan).ok) return code;
  const unsafe = await unsafeDestination(db, url);
  if (unsafe) {
    await cancelPending(db, code, { url, at }, now, { reason: "unsafe", message: unsafe.message });
  } else {
    const actor =
      code.scheduledBy && code.scheduledByEmail
        ? { id: code.scheduledBy, email: code.scheduledByEmail }
        : null;
    await commitChange(db, { code, url, kind: "scheduled", actor, now, pending: { url, at } });
  }
  return (await findTrackedCode(db, code.codeId, code.workspaceId)) ?? code;
}

/** A link staff disabled keeps its destination: re-pointing it must not escape the takedown. */
export function disabledLinkMessage(reason: string | null): string {
  return `Our team disabled this code's link${reason ? ` (${reason})` : ""}, so its destination cannot be changed. If you think this is a mistake, write to support.`;
}

async function editable(db: Database, editor: Editor, codeId: number, now: Date) {
  const verdict = canEditDestination(editor.plan);
  if (!verdict.ok) return refuse(403, verdict.message);
  const code = await findTrackedCode(db, codeId, editor.workspaceId);
  if (code?.disabledAt) {
    const reason = code.disabledReason;
    return refuse(
      409,
      disabledLinkMessage(reason),
      "destination",
      reason
        ? phrase("code.refusal.disabled", { reason })
        : phrase("code.refusal.disabledNoReason"),
    );
  }
  return code ? settleDue(db, code, editor.plan, now) : notFound(codeId);
}

/** Changes where code `codeId` leads now (an edit, a restore, or a call of the API). */
export async function changeDestination(
  db: Database,
  editor: Editor,
  codeId: number,
  raw: unknown,
  {
    kind = "edit",
    origin,
    now = new Date(),
  }: { kind?: "edit" | "restore" | "api"; origin: string; now?: Date },
): Promise<ChangeOutcome> {
  const code = await editable(db, editor, codeId, now);
  if ("ok" in code) return code;
  const checked = await checkDestination(db, raw);
  if (!checked.ok) return refuse(400, checked.message, "destination");
  if (checked.url === code.targetUrl) return alreadyLeads(checked.url);
  // A restore is checked too: the old address may have been blocked since.
  const unsafe = await unsafeRefusal(db, checked.url);
  if (unsafe) return unsafe;
  const changed = await commitChange(db, {
    code,
    url: checked.url,
    kind,
    actor: editor.actor,
    now,
  });
  await purge(origin, code);
  return changed
    ? { ok: true, ...changed }
    : refuse(400, "Nothing changed.", "destination", phrase("code.refusal.nothingChanged"));
}

/** Leads the code back to the address it had before history entry `entryId`. */
export async function restoreDestination(
  db: Database,
  editor: Editor,
  codeId: number,
  entryId: number,
  options: { origin: string; now?: Date },
): Promise<ChangeOutcome> {
  const entry = Number.isSafeInteger(entryId) ? await findHistoryEntry(db, codeId, entryId) : null;
  if (!entry || entry.workspaceId !== editor.workspaceId || entry.kind === "cancelled") {
    return notFound(codeId);
  }
  return changeDestination(db, editor, codeId, entry.oldUrl, { ...options, kind: "restore" });
}

export type ScheduleOutcome = { ok: true; url: string; at: Date; zone: string } | Refusal;

/**
 * Sets the code's one scheduled change ("from {local time} in {zone}, lead to {url}"), replacing
 * a pending one. The time is the editor's wall clock in their zone, stored in UTC.
 */
export async function scheduleDestination(
  db: Database,
  editor: Editor,
  codeId: number,
  input: { url: unknown; local: unknown; zone: unknown },
  { origin, now = new Date() }: { origin: string; now?: Date },
): Promise<ScheduleOutcome> {
  const code = await editable(db, editor, codeId, now);
  if ("ok" in code) return code;
  const checked = await checkDestination(db, input.url);
  if (!checked.ok) return refuse(400, checked.message, "destination");
  if (checked.url === code.targetUrl) return alreadyLeads(checked.url);
  const unsafe = await unsafeRefusal(db, checked.url);
  if (unsafe) return unsafe;
  const zone = canonicalZone(typeof input.zone === "string" ? input.zone : "");
  if (!zone) {
    return refuse(400, "Choose a time zone from the list.", "at", phrase("code.refusal.zone"));
  }
  const at = zonedTimeToUtc(typeof input.local === "string" ? input.local : "", zone);
  if (at === null) {
    return refuse(
      400,
      "Enter a real date and time, like 2026-12-24 17:00 (hours 00–23, minutes 00–59).",
      "at",
      phrase("code.refusal.badTime"),
    );
  }
  if (at <= now.getTime()) {
    return refuse(
      400,
      "That time has passed. Choose a time in the future.",
      "at",
      phrase("code.refusal.past"),
    );
  }
  const when = new Date(at);
  await db.batch([
    setScheduleStatement(db, code.codeId, {
      url: checked.url,
      at: when,
      zone,
      by: editor.actor.id,
    }),
    recordAudit(
      db,
      {
        workspaceId: code.workspaceId,
        actor: editor.actor,
        action: "destination.scheduled",
        target: code.codeId,
        details: { title: code.title ?? undefined, to: checked.url, effective: when.toISOString() },
      },
      { now },
    ),
  ]);
  // The edge copy carries the pending change, so the redirect switches on time by itself.
  await purge(origin, code);
  return { ok: true, url: checked.url, at: when, zone };
}

/**
 * Cancels the code's pending scheduled change (allowed on any plan: it only stops a change). One
 * already due has happened (scans follow it): it is recorded, and there is nothing to cancel.
 */
export async function cancelScheduledChange(
  db: Database,
  editor: Editor,
  codeId: number,
  { origin, now = new Date() }: { origin: string; now?: Date },
): Promise<{ ok: true; url: string } | Refusal> {
  const found = await findTrackedCode(db, codeId, editor.workspaceId);
  if (!found) return notFound(codeId);
  const code = await settleDue(db, found, editor.plan, now);
  if (code !== found && !code.scheduledUrl) {
    await purge(origin, code);
    return refuse(
      400,
      `The scheduled change has already happened: the code leads to ${code.targetUrl}. Edit the destination to change it.`,
      null,
      phrase("code.refusal.alreadyHappened", { url: code.targetUrl }),
    );
  }
  if (!code.scheduledUrl || !code.scheduledAt) {
    return refuse(
      400,
      "This code has no scheduled change to cancel.",
      null,
      phrase("code.refusal.noSchedule"),
    );
  }
  await db.batch([
    clearScheduleStatement(db, code.codeId),
    recordAudit(
      db,
      {
        workspaceId: code.workspaceId,
        actor: editor.actor,
        action: "destination.schedule_cancelled",
        target: code.codeId,
        details: { title: code.title ?? undefined, to: code.scheduledUrl },
      },
      { now },
    ),
  ]);
  await purge(origin, code);
  return { ok: true, url: code.scheduledUrl };
}

type CancelReason = { reason: "plan" } | { reason: "unsafe"; message: string };

/**
 * Cancels a due change that may not happen (the plan no longer allows it, or its destination is
 * now refused as unsafe): a history entry, an audit entry, and an e-mail to whoever scheduled it.
 * False when it was no longer pending (another run got there first).
 */
async function cancelPending(
  db: Database,
  code: TrackedCode,
  at: { url: string; at: Date },
  now: Date,
  why: CancelReason,
  recipient: { email: string; firstName: string | null } | null = code.scheduledByEmail
    ? { email: code.scheduledByEmail, firstName: null }
    : null,
): Promise<boolean> {
  const [history] = await db.batch([
    cancelledRowStatement(db, {
      codeId: code.codeId,
      workspaceId: code.workspaceId,
      pending: at,
      now,
    }),
    recordAudit(
      db,
      {
        workspaceId: code.workspaceId,
        actor: null,
        action: "destination.schedule_cancelled",
        target: code.codeId,
        details: { title: code.title ?? undefined, to: at.url, reason: why.reason },
      },
      { now, onlyIf: stillPending(code.codeId, at) },
    ),
    clearScheduleStatement(db, code.codeId, at),
  ]);
  if (history.meta.changes === 0) return false;
  if (recipient) {
    await sendMail(
      scheduleCancelledMessage({
        locale: await recipientLocaleByEmail(db, recipient.email),
        to: recipient.email,
        firstName: recipient.firstName,
        title: code.title,
        url: at.url,
        current: code.targetUrl,
        unsafe: why.reason === "unsafe" ? why.message : null,
      }),
    );
  }
  return true;
}

/** At most this many pending changes are settled by one run of the minute cron. */
export const SETTLE_LIMIT = 200;

/**
 * The minute cron: applies every scheduled change that is due, and cancels (with a history
 * entry, an audit entry and an e-mail to whoever scheduled it) those of workspaces whose plan no
 * longer allows changing destinations. Idempotent: a change already applied or cancelled is no
 * longer pending, so a second run records nothing.
 */
export async function settlePendingChanges(db: Database, now: Date) {
  const pending = await pendingChangesToSettle(db, now, SETTLE_LIMIT);
  let applied = 0;
  let cancelled = 0;
  for (const change of pending) {
    const code = await findTrackedCode(db, change.codeId, change.workspaceId);
    if (!code) continue;
    const at = { url: change.url, at: change.at };
    // The destination is checked again when the change is due: it may have been blocked since
    // it was scheduled (issue #31).
    const unsafe = change.allowed ? await unsafeDestination(db, change.url) : null;
    if (change.allowed && !unsafe) {
      const actor = change.by && change.byEmail ? { id: change.by, email: change.byEmail } : null;
      const done = await commitChange(db, {
        code,
        url: change.url,
        kind: "scheduled",
        actor,
        now,
        pending: at,
      });
      // Scheduled to where it already led: nothing is recorded, and the pending change ends.
      if (done) applied += 1;
      continue;
    }
    const why: CancelReason = unsafe
      ? { reason: "unsafe", message: unsafe.message }
      : { reason: "plan" };
    const recipient = change.byEmail
      ? { email: change.byEmail, firstName: change.byFirstName }
      : null;
    if (await cancelPending(db, code, at, now, why, recipient)) cancelled += 1;
  }
  return { due: pending.length, applied, cancelled };
}
