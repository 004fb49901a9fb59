// The Analytics view's choices (issue #30), shared by its loader and its page. Pure.

export const RANGES = ["7d", "30d", "90d", "12m", "custom"] as const;
export type Range = (typeof RANGES)[number];
/** Days of each preset range, today included. */
export const PRESET_DAYS = { "7d": 7, "30d": 30, "90d": 90, "12m": 365 } as const;
/** The longest custom range. */
export const MAX_CUSTOM_DAYS = 731;
/** Codes compared side by side at most. */
export const MAX_COMPARED = 5;
/** Local weekdays as the busiest-hours grid orders them (series.ts weekGrid: Monday first). */
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
