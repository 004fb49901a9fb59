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
import {
  destinationHistory,
  findTrackedCode,
  type TrackedCode,
} from "../models/destinations.server";
import { findWorkspaceCode, savedContent } from "../models/qr-codes.server";
import { type CodeEditAction, editContent, editDesign } from "./code-edits.server";
import { codeOverview } from "./code-overview.server";
import type { Membership } from "../models/workspaces.server";
import { canEditDestination } from "../plans/rules";
import { requirePermission, workspacePlan } from "../workspaces/current.server";
import { can } from "../workspaces/roles";
import { appOrigin } from "../config/app-url.server";
import type { Translate } from "../i18n/i18n";
import { say } from "../i18n/phrase";
import { describedContent } from "./code-content";
import { pageMessage } from "./code-messages";

// A saved code's page (/dashboard/codes/{id}): its image, content, design, scans and downloads
// (issue #29 item 8, in code-overview.server.ts), editing its design and a static code's content
// (code-edits.server.ts), and for a tracked code where it leads, the Edit destination form, its
// one scheduled change and the history of changes with Restore (issue #21). The dashboard's Edit
// destination form posts here too, and comes back to the dashboard.

/** The request's language: its messages, and its Intl locale for dates. */
export interface PageLanguage {
  t: Translate;
  /** The locale's code ("fr"); English dates keep the US style the page always used. */
  code: string;
}

const dateLocale = (code: string) => (code === "en" ? "en-US" : code);

/** A pending change as the page shows it: in the zone the editor wrote it in. */
export function scheduledView(
  scheduled: { url: string; at: number; zone: string | null } | null,
  code = "en",
) {
  if (!scheduled) return null;
  const zone = scheduled.zone ?? DEFAULT_ZONE;
  return {
    url: scheduled.url,
    at: scheduled.at,
    zone,
    when: formatInZone(scheduled.at, zone, dateLocale(code)),
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

export const NO_SUCH_CODE = "There is no such QR code in this workspace.";

/** The workspace's code and its content; a 404 for any other id, whoever's it is. */
export async function requireWorkspaceCode(db: Database, membership: Membership, id: number) {
  const code = Number.isSafeInteger(id)
    ? await findWorkspaceCode(db, id, membership.workspace.id)
    : null;
  const content = code && savedContent(code);
  if (!code || !content) throw data(NO_SUCH_CODE, { status: 404 });
  return { code, content };
}

export async function codePage(
  db: Database,
  membership: Membership,
  id: number,
  language: PageLanguage,
) {
  const { code: saved, content } = await requireWorkspaceCode(db, membership, id);
  const plan = workspacePlan(membership);
  const overview = await codeOverview(db, saved, content, plan, appOrigin(), language.t);
  const base = {
    id: saved.id,
    title: saved.title || say(language.t, describedContent(content)),
    canManage: can(membership.role, "codes.manage"),
    upgradeHref: membership.role === "owner" ? "/dashboard?tab=plans" : "/pricing",
    overview,
  };
  const code = await findTrackedCode(db, saved.id, membership.workspace.id);
  if (!code) return { ...base, tracked: null };
  const editing = canEditDestination(plan);
  const history = await destinationHistory(db, code.codeId);
  return { ...base, tracked: trackedPart(code, editing, history, language) };
}

function trackedPart(
  code: TrackedCode,
  editing: ReturnType<typeof canEditDestination>,
  history: Awaited<ReturnType<typeof destinationHistory>>,
  { t, code: locale }: PageLanguage,
) {
  return {
    shortLink: shortLinkUrl(appOrigin(), { slug: code.slug, hostname: code.hostname }),
    destination: code.targetUrl,
    scheduled: scheduledView(
      code.scheduledUrl && code.scheduledAt
        ? { url: code.scheduledUrl, at: code.scheduledAt.getTime(), zone: code.scheduledZone }
        : null,
      locale,
    ),
    allowed: editing.ok,
    /** "Disabled by our team: reason" (issue #31); the destination cannot change meanwhile. */
    disabled: code.disabledAt ? (code.disabledReason ?? "") : null,
    refusal: editing.ok ? null : say(t, editing),
    zones: timeZones(),
    history: history.map((entry) => ({
      id: entry.id,
      oldUrl: entry.oldUrl,
      newUrl: entry.newUrl,
      kind: entry.kind,
      words: t(`code.history.kind.${entry.kind}`),
      by:
        [entry.firstName, entry.lastName].filter(Boolean).join(" ") ||
        entry.email ||
        (entry.kind === "cancelled" ? null : t("code.history.formerMember")),
      when: formatInZone(entry.changedAt.getTime(), "UTC", dateLocale(locale)),
      restorable: entry.kind !== "cancelled" && entry.oldUrl !== code.targetUrl,
    })),
  };
}

export type CodePageData = Awaited<ReturnType<typeof codePage>>;
export type TrackedPart = NonNullable<CodePageData["tracked"]>;

export type CodePageAction = DestinationAction | CodeEditAction;

export interface DestinationAction {
  intent: "destination" | "restore" | "schedule" | "cancel-schedule";
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

function refused(
  t: Translate,
  refusal: Refusal,
  intent: DestinationAction["intent"],
  values: DestinationAction["values"],
) {
  // A disabled link's refusal (409) is shown beside the form, as a bad address is.
  // The refusal stays English for the API; the page says it in the request's language, by its
  // phrase, or by its English text (app/dashboard/code-messages.ts) when it has none.
  const message = refusal.phrase ? say(t, refusal) : pageMessage(t, refusal.message);
  if (refusal.status !== 400 && refusal.status !== 409) {
    throw data(message, { status: refusal.status });
  }
  return data<DestinationAction>(
    { intent, field: refusal.field, message, values },
    { status: refusal.status },
  );
}

/** Edit, restore, schedule, cancel: for the roles that may change codes (a viewer gets 403). */
export async function codePageAction(
  request: Request,
  db: Database,
  user: UserRecord,
  membership: Membership,
  id: number,
  { t, code: locale }: PageLanguage,
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

  if (intent === "design" || intent === "content") {
    const { code, content } = await requireWorkspaceCode(db, membership, id);
    const edit = { request, db, membership, user, code, content, form, origin, t };
    return intent === "design" ? editDesign(edit) : editContent(edit);
  }

  if (intent === "destination" || intent === "restore") {
    const outcome =
      intent === "destination"
        ? await changeDestination(db, editor, id, field("destination"), { origin })
        : await restoreDestination(db, editor, id, Number(form.get("entry")), { origin });
    if (!outcome.ok) {
      const back = backTo(form, id) === "/dashboard" ? ("/dashboard" as const) : undefined;
      return refused(t, outcome, intent, { destination: field("destination"), back });
    }
    return done(
      t(intent === "restore" ? "code.toast.destinationRestored" : "code.toast.destinationSaved"),
      t("code.toast.destinationSavedText", { url: outcome.newUrl }),
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
    if (!outcome.ok) return refused(t, outcome, intent, values);
    return done(
      t("code.toast.scheduled"),
      t("code.toast.scheduledText", {
        when: formatInZone(outcome.at.getTime(), outcome.zone, dateLocale(locale)),
        url: outcome.url,
      }),
    );
  }
  if (intent === "cancel-schedule") {
    const outcome = await cancelScheduledChange(db, editor, id, { origin });
    if (!outcome.ok) return refused(t, outcome, intent, {});
    return done(t("code.toast.cancelled"), t("code.toast.cancelledText", { url: outcome.url }));
  }
  throw data("Unknown action.", { status: 400 });
}
