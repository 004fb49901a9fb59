import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import {
  cancelScheduledChange,
  changeDestination,
  type Editor,
  type Refusal,
  restoreDestination,
  scheduleDestination,
} from "../destinations/changes.server";
import {
  DEFAULT_ZONE,
  formatInZone,
  timeZones,
  utcToZonedInput,
} from "../destinations/destination";
import { shortLinkUrl } from "../domains/links";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { destinationHistory, findTrackedCode } from "../models/destinations.server";
import type { Membership } from "../models/workspaces.server";
import { canEditDestination } from "../plans/rules";
import { requirePermission, workspacePlan } from "../workspaces/current.server";
import { can } from "../workspaces/roles";
import { appOrigin } from "../config/app-url.server";

// A tracked code's page (issue #21, /dashboard/codes/{id}): where it leads, the Edit destination
// form, its one scheduled change, and the history of changes with Restore. The dashboard's Edit
// destination form posts here too, and comes back to the dashboard.

const KIND_WORDS = {
  edit: "Edited",
  restore: "Restored",
  scheduled: "Scheduled change applied",
  api: "Changed through the API",
  cancelled: "Scheduled change cancelled: the plan no longer includes changing destinations",
} as const;

const historyTime = (at: Date) => formatInZone(at.getTime(), "UTC");

/** A pending change as the page shows it: in the zone the editor wrote it in. */
export function scheduledView(scheduled: { url: string; at: number; zone: string | null } | null) {
  if (!scheduled) return null;
  const zone = scheduled.zone ?? DEFAULT_ZONE;
  return {
    url: scheduled.url,
    at: scheduled.at,
    zone,
    when: formatInZone(scheduled.at, zone),
    local: utcToZonedInput(scheduled.at, zone),
  };
}

export function codePath(id: number): string {
  return `/dashboard/codes/${id}`;
}

function notTracked(): never {
  throw data(
    "This code has no short link in this workspace, so where it leads is printed in it and cannot change.",
    { status: 404 },
  );
}

export async function codePage(db: Database, membership: Membership, id: number) {
  const code = Number.isSafeInteger(id)
    ? await findTrackedCode(db, id, membership.workspace.id)
    : null;
  if (!code) notTracked();
  const plan = workspacePlan(membership);
  const editing = canEditDestination(plan);
  const history = await destinationHistory(db, code.codeId);
  return {
    id: code.codeId,
    title: code.title || "Tracked URL code",
    shortLink: shortLinkUrl(appOrigin(), { slug: code.slug, hostname: code.hostname }),
    destination: code.targetUrl,
    scheduled: scheduledView(
      code.scheduledUrl && code.scheduledAt
        ? { url: code.scheduledUrl, at: code.scheduledAt.getTime(), zone: code.scheduledZone }
        : null,
    ),
    canManage: can(membership.role, "codes.manage"),
    allowed: editing.ok,
    refusal: editing.ok ? null : editing.message,
    upgradeHref: membership.role === "owner" ? "/dashboard?tab=plans" : "/pricing",
    zones: timeZones(),
    history: history.map((entry) => ({
      id: entry.id,
      oldUrl: entry.oldUrl,
      newUrl: entry.newUrl,
      kind: entry.kind,
      words: KIND_WORDS[entry.kind],
      by:
        [entry.firstName, entry.lastName].filter(Boolean).join(" ") ||
        entry.email ||
        (entry.kind === "cancelled" ? null : "A former member"),
      when: historyTime(entry.changedAt),
      restorable: entry.kind !== "cancelled" && entry.oldUrl !== code.targetUrl,
    })),
  };
}

export type CodePageData = Awaited<ReturnType<typeof codePage>>;

export interface CodePageAction {
  intent: string;
  field: "destination" | "at" | null;
  message: string;
  /** What was sent, to show again; `back` keeps a dashboard form's way back after a refusal. */
  values: { destination?: string; at?: string; zone?: string; back?: "/dashboard" };
}

export const DESTINATION_INTENTS = [
  "destination",
  "restore",
  "schedule",
  "cancel-schedule",
] as const;

/** Where to go after the change: the dashboard when the form was there, else the code's page. */
function backTo(form: FormData, id: number): string {
  const back = form.get("back");
  return back === "/dashboard" ? "/dashboard" : codePath(id);
}

function refused(refusal: Refusal, intent: string, values: CodePageAction["values"]) {
  if (refusal.status !== 400) throw data(refusal.message, { status: refusal.status });
  return data<CodePageAction>(
    { intent, field: refusal.field, message: refusal.message, values },
    { status: 400 },
  );
}

/** Edit, restore, schedule, cancel: for the roles that may change codes (a viewer gets 403). */
export async function codePageAction(
  request: Request,
  db: Database,
  user: UserRecord,
  membership: Membership,
  id: number,
) {
  requirePermission(membership, "codes.manage");
  if (!Number.isSafeInteger(id)) notTracked();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const origin = appOrigin();
  const editor: Editor = {
    workspaceId: membership.workspace.id,
    plan: workspacePlan(membership),
    actor: { id: user.id, email: user.email },
  };
  const done = (title: string, description: string) =>
    redirectWithToast(request, backTo(form, id), { title, description, variant: "success" });
  const field = (name: string) => String(form.get(name) ?? "");

  if (intent === "destination" || intent === "restore") {
    const outcome =
      intent === "destination"
        ? await changeDestination(db, editor, id, field("destination"), { origin })
        : await restoreDestination(db, editor, id, Number(form.get("entry")), { origin });
    if (!outcome.ok) {
      const back = backTo(form, id) === "/dashboard" ? ("/dashboard" as const) : undefined;
      return refused(outcome, intent, { destination: field("destination"), back });
    }
    return done(
      intent === "restore" ? "Destination restored" : "Destination saved",
      `Scans now lead to ${outcome.newUrl}. The printed code and its short link stay the same.`,
    );
  }
  if (intent === "schedule") {
    const outcome = await scheduleDestination(
      db,
      editor,
      id,
      { url: field("destination"), local: field("at"), zone: field("zone") },
      { origin },
    );
    const values = { destination: field("destination"), at: field("at"), zone: field("zone") };
    if (!outcome.ok) return refused(outcome, intent, values);
    return done(
      "Change scheduled",
      `From ${formatInZone(outcome.at.getTime(), outcome.zone)}, scans will lead to ${outcome.url}.`,
    );
  }
  if (intent === "cancel-schedule") {
    const outcome = await cancelScheduledChange(db, editor, id, { origin });
    if (!outcome.ok) return refused(outcome, intent, {});
    return done("Scheduled change cancelled", `The code will not switch to ${outcome.url}.`);
  }
  throw data("Unknown action.", { status: 400 });
}
