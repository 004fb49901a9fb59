import type { QrType } from "../qr/types";
import { QR_TYPES } from "../qr/types";
import { localeByCode } from "../i18n/locales";

// The one plan catalogue (ARCHITECTURE.md decision 1): prices, what each plan allows and the
// order of plans. Pricing cards, the comparison table, the FAQ and every server-side check read
// it, so they cannot disagree.

export const PLAN_IDS = ["free", "premium", "ultimate"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanCapabilities {
  /** Saved codes; null for unlimited. */
  maxSavedCodes: number | null;
  allowedQrTypes: readonly QrType[];
  logo: boolean;
  svg: boolean;
  /** Print-ready PDF and EPS files (issue #28). */
  printDownload: boolean;
  /** Saved designs of a workspace, by name, reused by styleId (issue #28). */
  brandStyles: boolean;
  /** Days scan analytics are kept: 0 for none, null for as long as the account exists. */
  analyticsRetentionDays: number | null;
  bulkGeneration: boolean;
  /** Rows one bulk batch may have; 0 without bulk generation. */
  bulkRowsPerBatch: number;
  customDomains: boolean;
  /** Custom domains a workspace may add; 0 without custom domains. */
  customDomainLimit: number;
  teamMembers: number;
  api: boolean;
  /** Webhook endpoints a workspace may have ("Custom integrations"); 0 without webhooks. */
  webhookEndpointLimit: number;
  whiteLabel: boolean;
  /** Workspace security policies, such as requiring two-factor sign-in (issue #31). */
  securityPolicies: boolean;
  /** Promised first response to a support request, in hours; null for community support. */
  supportResponseHours: number | null;
  /** The kind of support the pricing card and table name (with supportResponseHours). */
  support: "community" | "standard" | "priority";
}

export interface Plan {
  id: PlanId;
  name: string;
  /** US cents per month. */
  priceCents: number;
  capabilities: PlanCapabilities;
}

export const TRIAL_DAYS = 7;

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    priceCents: 0,
    capabilities: {
      maxSavedCodes: 3,
      allowedQrTypes: ["url", "text"],
      logo: false,
      svg: false,
      printDownload: false,
      brandStyles: false,
      analyticsRetentionDays: 0,
      bulkGeneration: false,
      bulkRowsPerBatch: 0,
      customDomains: false,
      customDomainLimit: 0,
      teamMembers: 1,
      api: false,
      webhookEndpointLimit: 0,
      whiteLabel: false,
      securityPolicies: false,
      supportResponseHours: null,
      support: "community",
    },
  },
  premium: {
    id: "premium",
    name: "Premium",
    priceCents: 1500,
    capabilities: {
      maxSavedCodes: null,
      allowedQrTypes: QR_TYPES,
      logo: true,
      svg: true,
      printDownload: true,
      brandStyles: true,
      analyticsRetentionDays: 365,
      bulkGeneration: true,
      bulkRowsPerBatch: 1000,
      customDomains: true,
      customDomainLimit: 3,
      teamMembers: 5,
      api: false,
      webhookEndpointLimit: 0,
      whiteLabel: false,
      securityPolicies: false,
      supportResponseHours: 24,
      support: "standard",
    },
  },
  ultimate: {
    id: "ultimate",
    name: "Ultimate",
    priceCents: 4900,
    capabilities: {
      maxSavedCodes: null,
      allowedQrTypes: QR_TYPES,
      logo: true,
      svg: true,
      printDownload: true,
      brandStyles: true,
      analyticsRetentionDays: null,
      bulkGeneration: true,
      bulkRowsPerBatch: 10000,
      customDomains: true,
      customDomainLimit: 20,
      teamMembers: 25,
      api: true,
      webhookEndpointLimit: 10,
      whiteLabel: true,
      securityPolicies: true,
      supportResponseHours: 6,
      support: "priority",
    },
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/** free < premium < ultimate (spec section 4). */
export function comparePlans(a: PlanId, b: PlanId): number {
  return PLAN_IDS.indexOf(a) - PLAN_IDS.indexOf(b);
}

export function isPaidPlan(plan: PlanId): boolean {
  return PLANS[plan].priceCents > 0;
}

/**
 * "$15" for 1500 cents, "$11.33" for 1133: US dollars written the way `locale` writes them
 * ("15 $" in German, "US$15" in Chinese); whole dollars without cents, as the price list says.
 */
export function formatPrice(cents: number, locale = "en"): string {
  const whole = Number.isInteger(cents / 100);
  return keepTogether(
    new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(cents / 100),
    locale,
  );
}

/**
 * In a right-to-left sentence "49 US$" would be reordered ("$US 49"): an amount in an RTL
 * language is set apart as a left-to-right isolate, so its number and sign stay together.
 */
export function keepTogether(amount: string, locale: string): string {
  return localeByCode(locale)?.dir === "rtl" ? `\u2066${amount}\u2069` : amount;
}
