import type { QrType } from "../qr/types";
import { QR_TYPE_LABELS } from "../qr/types";
import { type Phrase, phrase, type Phrased } from "../i18n/phrase";
import { type PlanId, PLANS } from "./catalogue";

// What a plan allows, as yes/no answers with the message a person sees when the answer is no.
// Pure; every server-side check goes through here. A refusal's `message` is the English the API
// answers with; its `phrase` is how a page says it in its language (app/i18n/phrase.ts).

export type Verdict = { ok: true } | { ok: false; message: string; phrase?: Phrase };

/** A refusal of a fixed message, said on pages by catalogue id `id`. */
const refused = (message: string, id: string): Verdict => ({
  ok: false,
  message,
  phrase: phrase(id),
});

export function canSaveType(plan: PlanId, type: QrType): Verdict {
  const allowed = PLANS[plan].capabilities.allowedQrTypes;
  if (allowed.includes(type)) return { ok: true };
  const names = allowed.map((t) => QR_TYPE_LABELS[t]).join(" and ");
  const label = QR_TYPE_LABELS[type];
  return {
    ok: false,
    message: `The ${PLANS[plan].name} plan saves ${names} codes. Upgrade to Premium to save ${label} codes.`,
    // The types are chosen by their ids, so each language names them its own way; a list the
    // catalogue does not know (`allowed`) falls back to the English names.
    phrase: phrase("pricing.refusal.saveType", {
      plan: PLANS[plan].name,
      allowed: allowed.join("_"),
      names,
      type,
      label,
    }),
  };
}

export function saveLimit(plan: PlanId): number | null {
  return PLANS[plan].capabilities.maxSavedCodes;
}

/** Why a save over the plan's limit is refused (only plans with a limit get here). */
export function saveLimitMessage(plan: PlanId): Phrased {
  const limit = saveLimit(plan) ?? 0;
  return {
    message: `${PLANS[plan].name} plan limited to ${limit} QR codes. Upgrade to create more.`,
    phrase: phrase("pricing.refusal.saveLimit", { plan: PLANS[plan].name, limit }),
  };
}

export const SVG_PLAN_MESSAGE = "SVG downloads require Premium or Ultimate plan.";

export function canDownloadSvg(plan: PlanId): Verdict {
  // The generator's catalogue already says these three (generator.plan.*).
  return PLANS[plan].capabilities.svg
    ? { ok: true }
    : refused(SVG_PLAN_MESSAGE, "generator.plan.svg");
}

export const PRINT_PLAN_MESSAGE = "PDF and EPS downloads require Premium or Ultimate plan.";

/** Print-ready PDF and EPS (issue #28): the plans of the catalogue's printDownload. */
export function canDownloadPrint(plan: PlanId): Verdict {
  return PLANS[plan].capabilities.printDownload
    ? { ok: true }
    : refused(PRINT_PLAN_MESSAGE, "generator.plan.print");
}

export const BRAND_STYLES_PLAN_MESSAGE =
  "Brand styles (saved designs) come with Premium and Ultimate.";

/** Saving and using a workspace's brand styles (issue #28): the catalogue's brandStyles. */
export function canUseBrandStyles(plan: PlanId): Verdict {
  return PLANS[plan].capabilities.brandStyles
    ? { ok: true }
    : refused(BRAND_STYLES_PLAN_MESSAGE, "generator.plan.brandStyles");
}

export const TITLE_REQUIRED = {
  title: "Title required",
  description: "Please enter a title for your QR code.",
  /** The dashboard's catalogue already says both. */
  titlePhrase: phrase("dashboard.toast.titleRequired.title"),
  phrase: phrase("dashboard.toast.titleRequired.description"),
};

/** The title of a refusal for a feature the plan lacks (a logo). */
export const UPGRADE_REQUIRED = {
  title: "Upgrade required",
  titlePhrase: phrase("pricing.refusal.title.upgrade"),
};

/** Scan tracking (ARCHITECTURE.md decision 4): website codes, on plans that keep analytics. */
export function canTrackScans(plan: PlanId, type: QrType): Verdict {
  if (type !== "url") {
    return refused("Only website (URL) codes can track scans.", "pricing.refusal.trackUrlOnly");
  }
  if (PLANS[plan].capabilities.analyticsRetentionDays === 0) {
    return refused("Scan tracking comes with Premium and Ultimate.", "pricing.refusal.tracking");
  }
  return { ok: true };
}

/** Whether scans of a tracked code are counted now; the link redirects either way. */
export function countsScans(plan: PlanId): boolean {
  return PLANS[plan].capabilities.analyticsRetentionDays !== 0;
}

export const LOGO_PLAN_MESSAGE = "Logo embedding requires Premium or Ultimate plan.";

export function canEmbedLogo(plan: PlanId): Verdict {
  return PLANS[plan].capabilities.logo
    ? { ok: true }
    : refused(LOGO_PLAN_MESSAGE, "pricing.refusal.logo");
}

export const EDIT_DESTINATION_MESSAGE =
  "Changing where a code leads comes with Premium and Ultimate. The code keeps leading to its last destination.";

/** Editing and scheduling a tracked code's destination (issue #21): the plans that track scans. */
export function canEditDestination(plan: PlanId): Verdict {
  return countsScans(plan)
    ? { ok: true }
    : refused(EDIT_DESTINATION_MESSAGE, "pricing.refusal.editDestination");
}

/** The plans that may edit destinations, for statements that decide many workspaces at once. */
export const DESTINATION_PLANS: PlanId[] = (Object.keys(PLANS) as PlanId[]).filter(countsScans);

/**
 * New accounts (issue #31): in its first day an account may make at most this many tracked links,
 * whatever the plan, since a fresh account is what a phisher signs up for. Pure arithmetic on the
 * account's age and the links it made (all of them, since it is younger than a day).
 */
export const NEW_ACCOUNT_TRACKED_LINKS = 5;
export const NEW_ACCOUNT_PERIOD_MS = 24 * 60 * 60 * 1000;

export type NewAccountAllowance =
  { limited: false } | { limited: true; remaining: number; liftsAt: Date };

export function newAccountAllowance(createdAt: Date, made: number, now: Date): NewAccountAllowance {
  const liftsAt = new Date(createdAt.getTime() + NEW_ACCOUNT_PERIOD_MS);
  if (now.getTime() >= liftsAt.getTime()) return { limited: false };
  return { limited: true, remaining: Math.max(0, NEW_ACCOUNT_TRACKED_LINKS - made), liftsAt };
}

/** Why a new account may not make another tracked link yet; the time is ISO-like, read everywhere. */
export function newAccountLimitMessage(liftsAt: Date): Phrased {
  const when = liftsAt.toISOString().slice(0, 16).replace("T", " ");
  return {
    message: `New accounts can make ${NEW_ACCOUNT_TRACKED_LINKS} tracked codes in their first day. This limit lifts at ${when} UTC; until then you can save codes without scan tracking.`,
    phrase: phrase("pricing.refusal.newAccount", { count: NEW_ACCOUNT_TRACKED_LINKS, when }),
  };
}
