import { type PlanId, PLANS } from "./catalogue";

// What a plan unlocks, in words, from the catalogue's capabilities: checkout's summary and the
// payment confirmation list the same things the server enforces.

function retention(days: number | null): string {
  if (days === null) return "Unlimited analytics history";
  return days >= 365 && days % 365 === 0
    ? `Analytics for ${days / 365 === 1 ? "1 year" : `${days / 365} years`}`
    : `Analytics for ${days} days`;
}

export function planFeatures(plan: PlanId): string[] {
  const c = PLANS[plan].capabilities;
  const lines = [
    c.maxSavedCodes === null ? "Unlimited saved QR codes" : `${c.maxSavedCodes} saved QR codes`,
    c.allowedQrTypes.length === 7 ? "All 7 QR code types" : "Website and text QR codes",
    c.svg ? "PNG and SVG downloads" : "PNG downloads",
  ];
  if (c.logo) lines.push("Logo embedding");
  if (c.analyticsRetentionDays !== 0) lines.push(retention(c.analyticsRetentionDays));
  if (c.bulkGeneration) lines.push("Bulk generation");
  if (c.customDomains) lines.push("Custom domains");
  if (c.teamMembers > 1) lines.push(`Team management for up to ${c.teamMembers} members`);
  if (c.api) lines.push("API access and custom integrations");
  if (c.whiteLabel) lines.push("White-label branding");
  lines.push(c.support);
  return lines;
}
