import { QR_TYPES, type QrType } from "../qr/types";
import { PLAN_IDS, type PlanId, PLANS, TRIAL_DAYS } from "./catalogue";

// What the pricing cards and the comparison table say about each plan, worded from the
// catalogue's capabilities so that no page can promise something the checks do not allow.
// Pure: each line is a message id of the `pricing` namespace with its values, worded in the
// page's language where it is shown (components/pricing/plan-words.ts).

/** A line about a plan: a `pricing` message and its values; `types` are listed in the language. */
export interface PlanText {
  id: string;
  values?: Record<string, number>;
  /** QR types named in the line ("Website and Text"), as the `{types}` value. */
  types?: readonly QrType[];
}

const words = (id: string, values?: Record<string, number>): PlanText =>
  values ? { id, values } : { id };

/** "None", "1 year", "Unlimited" (days scan analytics are kept). */
export function formatRetention(days: number | null): PlanText {
  if (days === null) return words("pricing.retention.unlimited");
  if (days === 0) return words("pricing.retention.none");
  if (days % 365 === 0) return words("pricing.retention.years", { count: days / 365 });
  return words("pricing.retention.days", { count: days });
}

/**
 * What tracked codes are called wherever people choose them (issue #29 item 1): the pricing cards
 * and table, the generator's save form, help and the FAQ.
 */
export const DYNAMIC_CODES = words("pricing.feature.dynamicCodes");

/** The types a plan saves, or null when every type can be saved. */
function limitedTypes(plan: PlanId): readonly QrType[] | null {
  const types = PLANS[plan].capabilities.allowedQrTypes;
  return types.length === QR_TYPES.length ? null : types;
}

/** The support line of a plan: community, or a first answer within its hours. */
function supportLine(plan: PlanId): PlanText {
  const { support, supportResponseHours } = PLANS[plan].capabilities;
  return support === "community" || supportResponseHours === null
    ? words("pricing.feature.support.community")
    : words(`pricing.feature.support.${support}`, { hours: supportResponseHours });
}

/** Everything a plan includes, one line per feature, in a fixed order. */
export function planFeatures(plan: PlanId): PlanText[] {
  const c = PLANS[plan].capabilities;
  const types = limitedTypes(plan);
  const lines = [
    c.maxSavedCodes === null
      ? words("pricing.feature.savedCodes.unlimited")
      : words("pricing.feature.savedCodes", { count: c.maxSavedCodes }),
    types === null
      ? words("pricing.feature.types.all", { count: QR_TYPES.length })
      : { id: "pricing.feature.types.some", types },
    words(c.svg ? "pricing.feature.downloads.pngSvg" : "pricing.feature.downloads.png"),
  ];
  if (c.logo) lines.push(words("pricing.feature.logo"));
  // Dynamic codes count scans, so they come with the plans that keep analytics.
  if (c.analyticsRetentionDays !== 0) {
    lines.push(
      DYNAMIC_CODES,
      c.analyticsRetentionDays === null
        ? words("pricing.feature.analytics.forGood")
        : c.analyticsRetentionDays % 365 === 0
          ? words("pricing.feature.analytics.years", { count: c.analyticsRetentionDays / 365 })
          : words("pricing.feature.analytics.days", { count: c.analyticsRetentionDays }),
    );
  }
  if (c.bulkGeneration) lines.push(words("pricing.feature.bulk"));
  if (c.customDomains) lines.push(words("pricing.feature.customDomains"));
  if (c.teamMembers > 1) lines.push(words("pricing.feature.team", { count: c.teamMembers }));
  // Custom integrations are built on the API, so the catalogue has one switch for both.
  if (c.api) lines.push(words("pricing.feature.api"), words("pricing.feature.integrations"));
  if (c.whiteLabel) lines.push(words("pricing.feature.whiteLabel"));
  lines.push(supportLine(plan));
  return lines;
}

/** Two lines say the same thing when their message and values agree. */
export function sameText(a: PlanText, b: PlanText): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What a card lists: the plan's features that the plan below it lacks, introduced by
 * "Everything in {lower plan}, plus" — so each card shows what the upgrade adds.
 */
export function cardFeatures(plan: PlanId): { plus: PlanId | null; lines: PlanText[] } {
  const below = PLAN_IDS[PLAN_IDS.indexOf(plan) - 1];
  if (!below) return { plus: null, lines: planFeatures(plan) };
  const lower = planFeatures(below);
  return {
    plus: below,
    lines: planFeatures(plan).filter((line) => !lower.some((other) => sameText(line, other))),
  };
}

/** A comparison-table cell: a tick, a dash, the plan's price, or words. */
export type Cell =
  | { kind: "yes" }
  | { kind: "no" }
  | { kind: "price"; plan: PlanId }
  | { kind: "text"; text: PlanText }
  | { kind: "number"; value: number };

export interface ComparisonRow {
  /** The row's feature, a `pricing` message id; also the row's stable key. */
  feature: string;
  cells: Record<PlanId, Cell>;
}

const yesNo = (value: boolean): Cell => (value ? { kind: "yes" } : { kind: "no" });
const text = (value: PlanText): Cell => ({ kind: "text", text: value });
const number = (value: number): Cell => ({ kind: "number", value });

function row(feature: string, cell: (plan: PlanId) => Cell): ComparisonRow {
  const cells = {} as Record<PlanId, Cell>;
  for (const plan of PLAN_IDS) cells[plan] = cell(plan);
  return { feature: `pricing.compare.${feature}`, cells };
}

/** The feature comparison table, every row read from the catalogue. */
export function comparisonRows(): ComparisonRow[] {
  const c = (plan: PlanId) => PLANS[plan].capabilities;
  const unlimited = words("pricing.compare.unlimited");
  return [
    row("price", (plan) => ({ kind: "price", plan })),
    row("trial", (plan) =>
      PLANS[plan].priceCents > 0
        ? text(words("pricing.compare.trialDays", { count: TRIAL_DAYS }))
        : yesNo(false),
    ),
    row("savedCodes", (plan) => {
      const max = c(plan).maxSavedCodes;
      return max === null ? text(unlimited) : number(max);
    }),
    row("types", (plan) => {
      const types = limitedTypes(plan);
      return text(
        types
          ? { id: "pricing.compare.typesSome", types }
          : words("pricing.compare.typesAll", { count: QR_TYPES.length }),
      );
    }),
    row("png", () => yesNo(true)),
    row("svg", (plan) => yesNo(c(plan).svg)),
    row("print", (plan) => yesNo(c(plan).printDownload)),
    row("brandStyles", (plan) => yesNo(c(plan).brandStyles)),
    row("logo", (plan) => yesNo(c(plan).logo)),
    row("dynamicCodes", (plan) => yesNo(c(plan).analyticsRetentionDays !== 0)),
    row("retention", (plan) => text(formatRetention(c(plan).analyticsRetentionDays))),
    row("bulk", (plan) => yesNo(c(plan).bulkGeneration)),
    row("customDomains", (plan) => yesNo(c(plan).customDomains)),
    row("team", (plan) => number(c(plan).teamMembers)),
    row("api", (plan) => yesNo(c(plan).api)),
    row("integrations", (plan) => yesNo(c(plan).api)),
    row("whiteLabel", (plan) => yesNo(c(plan).whiteLabel)),
    row("support", (plan) => text(supportLine(plan))),
  ];
}
