/**
 * The eight features a new user should find (the home page's checklist, and the "Feature Hunter"
 * achievement), in the order the checklist lists them; each is labelled by the message
 * `achievements.feature.<id>`.
 */
export const TRACKED_FEATURES = [
  { id: "type" },
  { id: "colors" },
  { id: "size" },
  { id: "download" },
  { id: "share" },
  { id: "save" },
  { id: "logo" },
  { id: "analytics" },
] as const;

export type TrackedFeature = (typeof TRACKED_FEATURES)[number]["id"];

/**
 * Premium actions that are not checklist items of their own: an SVG download, and analytics
 * with real numbers (the Free plan's analytics tab only shows what Premium would add).
 */
export type PremiumAction = "svg-download" | "analytics-data";

/** Everything the app reports as used. */
export type Action = TrackedFeature | PremiumAction;
