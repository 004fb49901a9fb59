/** Visitors who are not signed in (ARCHITECTURE.md decision 2). */
export const VISITOR_DOWNLOADS_PER_DAY = 3;
/** Many people can share one network address (offices, mobile carriers): a wider cap there. */
export const VISITOR_DOWNLOADS_PER_ADDRESS_PER_DAY = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;
