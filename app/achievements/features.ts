/**
 * The eight features a new user should find (the home page's checklist, and the "Feature Hunter"
 * achievement), in the order the checklist lists them.
 */
export const TRACKED_FEATURES = [
  { id: "type", label: "Change the code type" },
  { id: "colors", label: "Change the colours" },
  { id: "size", label: "Pick another size" },
  { id: "download", label: "Download a code" },
  { id: "share", label: "Copy a share link" },
  { id: "save", label: "Save a code to your dashboard" },
  { id: "logo", label: "Add a logo (Premium)" },
  { id: "analytics", label: "Open your analytics" },
] as const;

export type TrackedFeature = (typeof TRACKED_FEATURES)[number]["id"];

/**
 * Premium actions that are not checklist items of their own: an SVG download, and analytics
 * with real numbers (the Free plan's analytics tab only shows what Premium would add).
 */
export type PremiumAction = "svg-download" | "analytics-data";

/** Everything the app reports as used. */
export type Action = TrackedFeature | PremiumAction;
