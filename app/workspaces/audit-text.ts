import { PLANS, type PlanId } from "../plans/catalogue";

// The audit log in words ("Ada Lovelace invited grace@example.com as editor"). Pure: the team
// tab's loader turns stored entries into sentences with it, and the unit tests read them.

export const AUDIT_ACTIONS = [
  "workspace.created",
  "workspace.renamed",
  "invitation.created",
  "invitation.revoked",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "member.left",
  "ownership.transferred",
  "code.created",
  "code.deleted",
  "code.made_public",
  "code.made_private",
  "plan.changed",
  "api_key.created",
  "api_key.revoked",
  "bulk.saved",
  "domain.added",
  "domain.removed",
  "brand.updated",
  "brand.removed",
  "destination.changed",
  "destination.scheduled",
  "destination.schedule_cancelled",
  "webhook.added",
  "webhook.removed",
  "style.created",
  "style.updated",
  "style.deleted",
  "session.ended",
  "sessions.ended_others",
  "workspace.session_limit_changed",
  "two_factor.enabled",
  "two_factor.disabled",
  "policy.two_factor_required",
  "policy.two_factor_not_required",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How a plan changed: a trial began, an upgrade, a downgrade, or a cancellation. */
export type PlanChange = "trial" | "upgrade" | "downgrade" | "cancel";

/** What an entry keeps besides who and when: whatever its sentence needs, as it was then. */
export interface AuditDetails {
  /** A person's address (an invitation) or name (a member). */
  email?: string;
  name?: string;
  role?: string;
  /** A role change, a rename, a plan change: before and after. */
  from?: string;
  to?: string;
  /** A code's title. */
  title?: string;
  change?: PlanChange;
  /** An API key's scopes. */
  scopes?: readonly string[];
  /** How many codes a bulk batch saved. */
  count?: number;
  /** When a scheduled plan change takes effect (ISO date); absent when it did at once. */
  effective?: string;
  /**
   * Why something happened on its own: the workspace's plan no longer allowed it, or (issue #31)
   * the destination was refused as unsafe when the change was due.
   */
  reason?: "plan" | "membership" | "unverified" | "unsafe";
}

export interface AuditSentenceInput {
  action: string;
  details: AuditDetails | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorEmail: string | null;
}

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const moment = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function planName(id: string | undefined): string {
  return id && id in PLANS ? PLANS[id as PlanId].name : (id ?? "another plan");
}

function planSentence(details: AuditDetails): string {
  const from = planName(details.from);
  const to = planName(details.to);
  const effective = details.effective ? day.format(new Date(details.effective)) : null;
  switch (details.change) {
    case "trial":
      return `started a ${to} trial`;
    case "upgrade":
      return `upgraded the plan from ${from} to ${to}`;
    case "cancel":
      return `cancelled the ${from} subscription${effective ? `; it ends on ${effective}` : ""}`;
    default:
      return effective
        ? `changed the plan from ${from} to ${to}, from ${effective} on`
        : `changed the plan from ${from} to ${to}`;
  }
}

function quoted(title: string | undefined): string {
  return title ? `“${title}”` : "a code";
}

/** One entry as a sentence, starting with who did it. */
export function describeAudit(entry: AuditSentenceInput): string {
  const actor =
    [entry.actorFirstName, entry.actorLastName].filter(Boolean).join(" ") ||
    entry.actorEmail ||
    "Someone";
  const d = entry.details ?? {};
  if (entry.action === "destination.schedule_cancelled" && d.reason === "plan") {
    // Nobody did this: the plan lapsed, and the change it no longer allowed was dropped.
    return `The scheduled change of ${quoted(d.title)} to ${d.to} was cancelled: the workspace's plan no longer includes changing destinations`;
  }
  if (entry.action === "destination.schedule_cancelled" && d.reason === "unsafe") {
    // Nobody did this: the link-safety check refused the address when the change was due.
    return `The scheduled change of ${quoted(d.title)} to ${d.to} was cancelled: the address was refused as unsafe`;
  }
  if (entry.action === "domain.removed" && d.reason === "unverified") {
    // Nobody did this: the domain was never verified in time.
    return `The custom domain ${quoted(d.name)} was removed: it was not verified within 7 days`;
  }
  const what = (() => {
    switch (entry.action as AuditAction) {
      case "workspace.created":
        return `created the workspace ${quoted(d.name)}`;
      case "workspace.renamed":
        return `renamed the workspace from ${quoted(d.from)} to ${quoted(d.to)}`;
      case "invitation.created":
        return `invited ${d.email} as ${d.role}`;
      case "invitation.revoked":
        return `revoked the invitation of ${d.email}`;
      case "member.joined":
        return `joined as ${d.role}`;
      case "member.role_changed":
        return `changed the role of ${d.name} from ${d.from} to ${d.to}`;
      case "member.removed":
        return `removed ${d.name} (${d.role})`;
      case "member.left":
        return "left the workspace";
      case "ownership.transferred":
        return `transferred ownership to ${d.name}`;
      case "code.created":
        return `created the code ${quoted(d.title)}`;
      case "code.deleted":
        return `deleted the code ${quoted(d.title)}`;
      case "code.made_public":
        return `made the code ${quoted(d.title)} public`;
      case "code.made_private":
        return `made the code ${quoted(d.title)} private`;
      case "plan.changed":
        return planSentence(d);
      case "api_key.created":
        return `created the API key ${quoted(d.name)}${d.scopes ? ` (${d.scopes.join(", ")})` : ""}`;
      case "api_key.revoked":
        return d.reason === "membership"
          ? `revoked the API key ${quoted(d.name)} of ${d.email}, who no longer manages this workspace's keys`
          : `revoked the API key ${quoted(d.name)}`;
      case "bulk.saved":
        return `saved ${(d.count ?? 0).toLocaleString("en-US")} codes from ${quoted(d.name)} in bulk`;
      case "domain.added":
        return `added the custom domain ${quoted(d.name)}`;
      case "domain.removed":
        return `removed the custom domain ${quoted(d.name)}`;
      case "brand.updated":
        return `set the brand to ${quoted(d.name)}`;
      case "brand.removed":
        return `removed the brand ${quoted(d.name)}`;
      case "destination.changed":
        return `changed where ${quoted(d.title)} leads from ${d.from} to ${d.to}`;
      case "destination.scheduled":
        return `scheduled ${quoted(d.title)} to lead to ${d.to} from ${d.effective ? moment.format(new Date(d.effective)) : "later"} UTC`;
      case "destination.schedule_cancelled":
        return `cancelled the scheduled change of ${quoted(d.title)} to ${d.to}`;
      case "webhook.added":
        return `added the webhook endpoint ${d.name}`;
      case "webhook.removed":
        return `removed the webhook endpoint ${d.name}`;
      case "style.created":
        return `saved the brand style ${quoted(d.name)}`;
      case "style.updated":
        return d.from && d.from !== d.to
          ? `renamed the brand style ${quoted(d.from)} to ${quoted(d.to)}`
          : `changed the brand style ${quoted(d.name)}`;
      case "style.deleted":
        return `deleted the brand style ${quoted(d.name)}`;
      case "session.ended":
        return `ended the session of ${d.name ?? "a browser"}`;
      case "sessions.ended_others":
        return `signed out everywhere else (${(d.count ?? 0).toLocaleString("en-US")} ${d.count === 1 ? "session" : "sessions"})`;
      case "workspace.session_limit_changed":
        return `changed the session length limit from ${d.from} to ${d.to}`;
      case "two_factor.enabled":
        return "turned on two-factor sign-in for their account";
      case "two_factor.disabled":
        return "turned off two-factor sign-in for their account";
      case "policy.two_factor_required":
        return "required two-factor sign-in from every member";
      case "policy.two_factor_not_required":
        return "stopped requiring two-factor sign-in";
      default:
        return entry.action;
    }
  })();
  return `${actor} ${what}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

// One formatter per language, made when first asked for (issue #32: the tab's language).
const formatters = new Map<string, Intl.RelativeTimeFormat>();

function relativeIn(code: string): Intl.RelativeTimeFormat {
  let format = formatters.get(code);
  if (!format) {
    format = new Intl.RelativeTimeFormat(code === "en" ? "en-US" : code, { numeric: "auto" });
    formatters.set(code, format);
  }
  return format;
}

/**
 * "2 hours ago", "yesterday", "in 7 days"; "just now" within a minute. Rounded to the unit.
 * In the language `code` (Intl's own words; "now" in other languages than English).
 */
export function timeFromNow(at: Date, now: Date, code = "en"): string {
  const relative = relativeIn(code);
  const seconds = (at.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of UNITS) {
    const n = Math.round(seconds / size);
    if (Math.abs(n) >= 1 && Math.abs(seconds) >= size * 0.95) return relative.format(n, unit);
  }
  return code === "en" ? "just now" : relative.format(0, "second");
}
