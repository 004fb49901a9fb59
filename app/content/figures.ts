// The numbers the FAQ, help and legal texts quote, taken from the plan catalogue (ARCHITECTURE.md
// decision 1) so that a translation cannot drift from the prices and limits the product enforces.
// They fill the messages' placeholders; prices stay in USD, written the way the page's language
// writes them ("$15", "15 $", "US$ 15"). Pure.
import { PLANS, TRIAL_DAYS } from "../plans/catalogue";
import { VISITOR_DOWNLOADS_PER_DAY } from "../plans/visitors";
import { LOGO_MAX_BYTES } from "../qr/logo";

/** A whole-dollar price without cents ("$15"), a price with cents with them ("$4.50"). */
export function formatUsd(cents: number, localeCode: string): string {
  return new Intl.NumberFormat(localeCode, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

export function planFigures(localeCode: string) {
  const { free, premium, ultimate } = PLANS;
  return {
    freePrice: formatUsd(free.priceCents, localeCode),
    premiumPrice: formatUsd(premium.priceCents, localeCode),
    ultimatePrice: formatUsd(ultimate.priceCents, localeCode),
    freeSavedCodes: free.capabilities.maxSavedCodes ?? 0,
    premiumRetentionDays: premium.capabilities.analyticsRetentionDays ?? 0,
    premiumTeamMembers: premium.capabilities.teamMembers,
    ultimateTeamMembers: ultimate.capabilities.teamMembers,
    premiumSupportHours: premium.capabilities.supportResponseHours ?? 0,
    ultimateSupportHours: ultimate.capabilities.supportResponseHours ?? 0,
    trialDays: TRIAL_DAYS,
    visitorDownloads: VISITOR_DOWNLOADS_PER_DAY,
    logoMaxMb: LOGO_MAX_BYTES / (1024 * 1024),
  };
}
