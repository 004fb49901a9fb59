// What a support request is about (issue #19): a fixed list, so the staff inbox can be read at a
// glance. The ids are stored; the labels are shown.

export const SUPPORT_CATEGORY_IDS = ["codes", "billing", "account", "teams", "other"] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORY_IDS)[number];

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  codes: "Codes and scanning",
  billing: "Billing and plans",
  account: "Account and sign-in",
  teams: "Teams and workspaces",
  other: "Something else",
};
