import { QR_TYPE_LABELS, QR_TYPES } from "../qr/types";
import { formatPrice, PLAN_IDS, type PlanId, PLANS, TRIAL_DAYS } from "./catalogue";

// What the pricing cards and the comparison table say about each plan, worded from the
// catalogue's capabilities so that no page can promise something the checks do not allow.

/** "None", "1 year", "Unlimited" (days scan analytics are kept). */
export function formatRetention(days: number | null): string {
  if (days === null) return "Unlimited";
  if (days === 0) return "None";
  if (days % 365 === 0) return days === 365 ? "1 year" : `${days / 365} years`;
  return `${days} days`;
}

/**
 * What tracked codes are called wherever people choose them (issue #29 item 1): the pricing cards
 * and table, the generator's save form, help and the FAQ.
 */
export const DYNAMIC_CODES = "Dynamic codes (track scans, change the destination later)";

/** "$15/month"; the free plan is "$0". */
export function priceLabel(plan: PlanId): string {
  const cents = PLANS[plan].priceCents;
  return cents === 0 ? formatPrice(0) : `${formatPrice(cents)}/month`;
}

/** "Website and Text", or null when every type can be saved. */
function limitedTypes(plan: PlanId): string | null {
  const types = PLANS[plan].capabilities.allowedQrTypes;
  if (types.length === QR_TYPES.length) return null;
  return types.map((type) => QR_TYPE_LABELS[type]).join(" and ");
}

/** Everything a plan includes, one line per feature, in a fixed order. */
export function planFeatures(plan: PlanId): string[] {
  const c = PLANS[plan].capabilities;
  const lines = [
    c.maxSavedCodes === null ? "Unlimited saved QR codes" : `${c.maxSavedCodes} saved QR codes`,
    limitedTypes(plan) === null
      ? `All ${QR_TYPES.length} code types`
      : `${limitedTypes(plan)} codes`,
    c.svg ? "PNG and SVG downloads" : "PNG downloads",
  ];
  if (c.logo) lines.push("Logo embedding");
  // Dynamic codes count scans, so they come with the plans that keep analytics.
  if (c.analyticsRetentionDays !== 0) {
    lines.push(
      DYNAMIC_CODES,
      c.analyticsRetentionDays === null
        ? "Scan analytics, kept for good"
        : `Scan analytics, kept ${formatRetention(c.analyticsRetentionDays)}`,
    );
  }
  if (c.bulkGeneration) lines.push("Bulk generation");
  if (c.customDomains) lines.push("Custom domains");
  if (c.teamMembers > 1) lines.push(`Team management, up to ${c.teamMembers} members`);
  // Custom integrations are built on the API, so the catalogue has one switch for both.
  if (c.api) lines.push("API access", "Custom integrations");
  if (c.whiteLabel) lines.push("White-label branding");
  lines.push(c.support);
  return lines;
}

/**
 * What a card lists: the plan's features that the plan below it lacks, introduced by
 * "Everything in {lower plan}, plus" — so each card shows what the upgrade adds.
 */
export function cardFeatures(plan: PlanId): { plus: PlanId | null; lines: string[] } {
  const below = PLAN_IDS[PLAN_IDS.indexOf(plan) - 1];
  if (!below) return { plus: null, lines: planFeatures(plan) };
  const lower = new Set(planFeatures(below));
  return { plus: below, lines: planFeatures(plan).filter((line) => !lower.has(line)) };
}

/** A comparison-table cell: a tick, a dash, or words. */
export type Cell = { kind: "yes" } | { kind: "no" } | { kind: "text"; text: string };

export interface ComparisonRow {
  feature: string;
  cells: Record<PlanId, Cell>;
}

const yesNo = (value: boolean): Cell => (value ? { kind: "yes" } : { kind: "no" });
const text = (value: string): Cell => ({ kind: "text", text: value });

function row(feature: string, cell: (plan: PlanId) => Cell): ComparisonRow {
  const cells = {} as Record<PlanId, Cell>;
  for (const plan of PLAN_IDS) cells[plan] = cell(plan);
  return { feature, cells };
}

/** The feature comparison table, every row read from the catalogue. */
export function comparisonRows(): ComparisonRow[] {
  const c = (plan: PlanId) => PLANS[plan].capabilities;
  return [
    row("Price", (plan) => text(priceLabel(plan))),
    row("Free trial", (plan) =>
      PLANS[plan].priceCents > 0 ? text(`${TRIAL_DAYS} days`) : yesNo(false),
    ),
    row("Saved QR codes", (plan) => text(String(c(plan).maxSavedCodes ?? "Unlimited"))),
    row("Code types you can save", (plan) => text(limitedTypes(plan) ?? `All ${QR_TYPES.length}`)),
    row("PNG downloads", () => yesNo(true)),
    row("SVG downloads", (plan) => yesNo(c(plan).svg)),
    row("PDF and EPS print files", (plan) => yesNo(c(plan).printDownload)),
    row("Brand styles (saved designs)", (plan) => yesNo(c(plan).brandStyles)),
    row("Logo embedding", (plan) => yesNo(c(plan).logo)),
    row(DYNAMIC_CODES, (plan) => yesNo(c(plan).analyticsRetentionDays !== 0)),
    row("Analytics retention", (plan) => text(formatRetention(c(plan).analyticsRetentionDays))),
    row("Bulk generation", (plan) => yesNo(c(plan).bulkGeneration)),
    row("Custom domains", (plan) => yesNo(c(plan).customDomains)),
    row("Team members", (plan) => text(String(c(plan).teamMembers))),
    row("API access", (plan) => yesNo(c(plan).api)),
    row("Custom integrations", (plan) => yesNo(c(plan).api)),
    row("White-label branding", (plan) => yesNo(c(plan).whiteLabel)),
    row("Support", (plan) => text(c(plan).support)),
  ];
}
