import { phrase, type Phrased, type PhraseValues } from "../i18n/phrase";
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

// The English sentence (`message`) writes dates the US way; a phrase writes its dates and
// durations in the tab's language (issue #32).
const dayIn = (code: string) =>
  new Intl.DateTimeFormat(code === "en" ? "en-US" : code, { dateStyle: "medium", timeZone: "UTC" });
const momentIn = (code: string) =>
  new Intl.DateTimeFormat(code === "en" ? "en-US" : code, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
const day = dayIn("en");
const moment = momentIn("en");

function planName(id: string | undefined): string {
  return id && id in PLANS ? PLANS[id as PlanId].name : (id ?? "another plan");
}

/** A plan's name for a phrase; undefined (no phrase) when the entry does not say which. */
const knownPlan = (id: string | undefined) => (id ? planName(id) : undefined);

/** What a phrase's values may hold; undefined when the entry lacks it (then no phrase). */
type Values = Record<string, string | number | undefined>;

/** A part of a sentence: its English, and the catalogue id (under team.audit.) and values. */
type Wording = [english: string, id: string, values?: Values];

function planSentence(details: AuditDetails, code: string): Wording {
  const from = planName(details.from);
  const to = planName(details.to);
  const effective = details.effective ? day.format(new Date(details.effective)) : null;
  const plans = { from: knownPlan(details.from), to: knownPlan(details.to) };
  const date = details.effective ? dayIn(code).format(new Date(details.effective)) : undefined;
  switch (details.change) {
    case "trial":
      return [`started a ${to} trial`, "plan.trial", { to: plans.to }];
    case "upgrade":
      return [`upgraded the plan from ${from} to ${to}`, "plan.upgrade", plans];
    case "cancel":
      return effective
        ? [
            `cancelled the ${from} subscription; it ends on ${effective}`,
            "plan.cancelEnds",
            { from: plans.from, date },
          ]
        : [`cancelled the ${from} subscription`, "plan.cancel", { from: plans.from }];
    default:
      return effective
        ? [
            `changed the plan from ${from} to ${to}, from ${effective} on`,
            "plan.changedFrom",
            { ...plans, date },
          ]
        : [`changed the plan from ${from} to ${to}`, "plan.changed", plans];
  }
}

function quoted(title: string | undefined): string {
  return title ? `“${title}”` : "a code";
}

/** "8 hours" (a session limit as the entry keeps it) in the tab's language; "none": no limit. */
function sessionLimit(label: string | undefined, code: string): string | undefined {
  if (label === "No limit") return "none";
  const match = /^(\d+) (hour|day)s?$/.exec(label ?? "");
  if (!match) return undefined;
  return new Intl.NumberFormat(code === "en" ? "en-US" : code, {
    style: "unit",
    unit: match[2]!,
    unitDisplay: "long",
  }).format(Number(match[1]));
}

/** How the Team tab words entries: its language (`code`) and its word for an unknown actor. */
export interface AuditLanguage {
  code: string;
  someone: string;
}

const ENGLISH: AuditLanguage = { code: "en", someone: "Someone" };

/** One entry as a sentence, starting with who did it. */
export function describeAudit(entry: AuditSentenceInput): string {
  return auditSentence(entry).message;
}

/**
 * One entry as a sentence: the English `message`, and a phrase (team.audit.*) with the same
 * values for the tab's language. No phrase when the entry lacks a value its sentence needs (the
 * English then says "a code" or the like).
 */
export function auditSentence(entry: AuditSentenceInput, language = ENGLISH): Phrased {
  const named =
    [entry.actorFirstName, entry.actorLastName].filter(Boolean).join(" ") || entry.actorEmail;
  const actor = named || "Someone";
  const d = entry.details ?? {};
  const said = (message: string, id: string, values: Values = {}): Phrased =>
    Object.values(values).some((value) => value === undefined)
      ? { message }
      : { message, phrase: phrase(`team.audit.${id}`, values as PhraseValues) };
  if (entry.action === "destination.schedule_cancelled" && d.reason === "plan") {
    // Nobody did this: the plan lapsed, and the change it no longer allowed was dropped.
    return said(
      `The scheduled change of ${quoted(d.title)} to ${d.to} was cancelled: the workspace's plan no longer includes changing destinations`,
      "system.scheduleCancelledPlan",
      { title: d.title, to: d.to },
    );
  }
  if (entry.action === "destination.schedule_cancelled" && d.reason === "unsafe") {
    // Nobody did this: the link-safety check refused the address when the change was due.
    return said(
      `The scheduled change of ${quoted(d.title)} to ${d.to} was cancelled: the address was refused as unsafe`,
      "system.scheduleCancelledUnsafe",
      { title: d.title, to: d.to },
    );
  }
  if (entry.action === "domain.removed" && d.reason === "unverified") {
    // Nobody did this: the domain was never verified in time.
    return said(
      `The custom domain ${quoted(d.name)} was removed: it was not verified within 7 days`,
      "system.domainUnverified",
      { name: d.name },
    );
  }
  const { code } = language;
  const [what, id, values] = ((): Wording | [string] => {
    switch (entry.action as AuditAction) {
      case "workspace.created":
        return [`created the workspace ${quoted(d.name)}`, "workspace.created", { name: d.name }];
      case "workspace.renamed":
        return [
          `renamed the workspace from ${quoted(d.from)} to ${quoted(d.to)}`,
          "workspace.renamed",
          { from: d.from, to: d.to },
        ];
      case "invitation.created":
        return [
          `invited ${d.email} as ${d.role}`,
          "invitation.created",
          { email: d.email, role: d.role },
        ];
      case "invitation.revoked":
        return [`revoked the invitation of ${d.email}`, "invitation.revoked", { email: d.email }];
      case "member.joined":
        return [`joined as ${d.role}`, "member.joined", { role: d.role }];
      case "member.role_changed":
        return [
          `changed the role of ${d.name} from ${d.from} to ${d.to}`,
          "member.roleChanged",
          { name: d.name, from: d.from, to: d.to },
        ];
      case "member.removed":
        return [`removed ${d.name} (${d.role})`, "member.removed", { name: d.name, role: d.role }];
      case "member.left":
        return ["left the workspace", "member.left"];
      case "ownership.transferred":
        return [`transferred ownership to ${d.name}`, "ownership.transferred", { name: d.name }];
      case "code.created":
        return [`created the code ${quoted(d.title)}`, "code.created", { title: d.title }];
      case "code.deleted":
        return [`deleted the code ${quoted(d.title)}`, "code.deleted", { title: d.title }];
      case "code.made_public":
        return [`made the code ${quoted(d.title)} public`, "code.madePublic", { title: d.title }];
      case "code.made_private":
        return [`made the code ${quoted(d.title)} private`, "code.madePrivate", { title: d.title }];
      case "plan.changed":
        return planSentence(d, code);
      case "api_key.created":
        return d.scopes
          ? [
              `created the API key ${quoted(d.name)} (${d.scopes.join(", ")})`,
              "apiKey.createdScopes",
              { name: d.name, scopes: d.scopes.join(", ") },
            ]
          : [`created the API key ${quoted(d.name)}`, "apiKey.created", { name: d.name }];
      case "api_key.revoked":
        return d.reason === "membership"
          ? [
              `revoked the API key ${quoted(d.name)} of ${d.email}, who no longer manages this workspace's keys`,
              "apiKey.revokedMembership",
              { name: d.name, email: d.email },
            ]
          : [`revoked the API key ${quoted(d.name)}`, "apiKey.revoked", { name: d.name }];
      case "bulk.saved":
        return [
          `saved ${(d.count ?? 0).toLocaleString("en-US")} codes from ${quoted(d.name)} in bulk`,
          "bulk.saved",
          { count: d.count ?? 0, name: d.name },
        ];
      case "domain.added":
        return [`added the custom domain ${quoted(d.name)}`, "domain.added", { name: d.name }];
      case "domain.removed":
        return [`removed the custom domain ${quoted(d.name)}`, "domain.removed", { name: d.name }];
      case "brand.updated":
        return [`set the brand to ${quoted(d.name)}`, "brand.updated", { name: d.name }];
      case "brand.removed":
        return [`removed the brand ${quoted(d.name)}`, "brand.removed", { name: d.name }];
      case "destination.changed":
        return [
          `changed where ${quoted(d.title)} leads from ${d.from} to ${d.to}`,
          "destination.changed",
          { title: d.title, from: d.from, to: d.to },
        ];
      case "destination.scheduled":
        return d.effective
          ? [
              `scheduled ${quoted(d.title)} to lead to ${d.to} from ${moment.format(new Date(d.effective))} UTC`,
              "destination.scheduled",
              { title: d.title, to: d.to, when: momentIn(code).format(new Date(d.effective)) },
            ]
          : [
              `scheduled ${quoted(d.title)} to lead to ${d.to} from later UTC`,
              "destination.scheduledLater",
              { title: d.title, to: d.to },
            ];
      case "destination.schedule_cancelled":
        return [
          `cancelled the scheduled change of ${quoted(d.title)} to ${d.to}`,
          "destination.scheduleCancelled",
          { title: d.title, to: d.to },
        ];
      case "webhook.added":
        return [`added the webhook endpoint ${d.name}`, "webhook.added", { name: d.name }];
      case "webhook.removed":
        return [`removed the webhook endpoint ${d.name}`, "webhook.removed", { name: d.name }];
      case "style.created":
        return [`saved the brand style ${quoted(d.name)}`, "style.created", { name: d.name }];
      case "style.updated":
        return d.from && d.from !== d.to
          ? [
              `renamed the brand style ${quoted(d.from)} to ${quoted(d.to)}`,
              "style.renamed",
              { from: d.from, to: d.to },
            ]
          : [`changed the brand style ${quoted(d.name)}`, "style.updated", { name: d.name }];
      case "style.deleted":
        return [`deleted the brand style ${quoted(d.name)}`, "style.deleted", { name: d.name }];
      case "session.ended":
        return d.name != null
          ? [`ended the session of ${d.name}`, "session.ended", { name: d.name }]
          : ["ended the session of a browser", "session.endedBrowser"];
      case "sessions.ended_others":
        return [
          `signed out everywhere else (${(d.count ?? 0).toLocaleString("en-US")} ${d.count === 1 ? "session" : "sessions"})`,
          "sessions.endedOthers",
          { count: d.count ?? 0 },
        ];
      case "workspace.session_limit_changed":
        return [
          `changed the session length limit from ${d.from} to ${d.to}`,
          "sessionLimit.changed",
          { from: sessionLimit(d.from, code), to: sessionLimit(d.to, code) },
        ];
      case "two_factor.enabled":
        return ["turned on two-factor sign-in for their account", "twoFactor.enabled"];
      case "two_factor.disabled":
        return ["turned off two-factor sign-in for their account", "twoFactor.disabled"];
      case "policy.two_factor_required":
        return ["required two-factor sign-in from every member", "policy.twoFactorRequired"];
      case "policy.two_factor_not_required":
        return ["stopped requiring two-factor sign-in", "policy.twoFactorNotRequired"];
      default:
        return [entry.action];
    }
  })();
  const message = `${actor} ${what}`;
  return id ? said(message, id, { actor: named || language.someone, ...values }) : { message };
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
