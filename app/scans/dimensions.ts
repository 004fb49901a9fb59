// The dimensions a scan is rolled up by besides 'total' (issue #30): one list for the consumer's
// SQL, the reads, the API's groupBy and the views.
export const DIMENSIONS = [
  "country",
  "region",
  "city",
  "timezone",
  "device",
  "os",
  "browser",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];
