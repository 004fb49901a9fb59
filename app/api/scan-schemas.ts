import { INTERVALS, isTimeZone } from "../analytics/series";
import { DIMENSIONS } from "../scans/dimensions";
import { z } from "../validation/zod";
import { isoDay } from "./schemas";

// The scan analytics of /api/v1 (issue #30): a time series in the caller's time zone and, with
// groupBy, a breakdown, for one code or the whole workspace. Read from the hourly rollups.

export const scanQuery = z.object({
  from: isoDay.optional().meta({
    description:
      "First day in `timezone`, inclusive. Defaults to 29 days before `to`; never earlier than the plan keeps analytics.",
    example: "2026-01-01",
  }),
  to: isoDay.optional().meta({
    description: "Last day in `timezone`, inclusive. Defaults to today.",
    example: "2026-01-31",
  }),
  interval: z.enum(INTERVALS).optional().meta({
    description:
      "The series' step: hour (at most 31 days), day (the default), week (from Monday) or month.",
  }),
  timezone: z
    .string()
    .refine(isTimeZone, "Use an IANA time zone such as Europe/Berlin or America/New_York.")
    .optional()
    .meta({
      description:
        "IANA time zone the days and hours are counted in; default UTC. Zones whose offset is not whole hours (Asia/Kolkata) are counted on the nearest whole hour.",
      example: "Europe/Berlin",
    }),
  groupBy: z.enum(DIMENSIONS).optional().meta({
    description: "Adds `breakdown`: the most scanned values of this dimension in the range.",
  }),
});

export const scanAnalyticsSchema = z
  .object({
    codeId: z.number().int().nullable().meta({ description: "null: the whole workspace." }),
    from: z.string().meta({ format: "date" }),
    to: z.string().meta({ format: "date" }),
    interval: z.enum(INTERVALS),
    timezone: z.string(),
    totals: z.object({
      scans: z.number().int(),
      uniqueScans: z.number().int().meta({
        description:
          "Unique scanners summed over days: a scanner counts once per code and UTC day (a daily-salted hash of address and user agent).",
      }),
      bots: z
        .number()
        .int()
        .meta({ description: "Bots and link previewers, not counted as scans." }),
    }),
    series: z.array(
      z.object({
        start: z.string().meta({
          description:
            "The bucket's first local day (2026-01-31), hour (2026-01-31T14:00) or month (2026-01).",
        }),
        scans: z.number().int(),
        uniqueScans: z.number().int(),
      }),
    ),
    breakdown: z
      .object({
        groupBy: z.enum(DIMENSIONS),
        items: z.array(z.object({ value: z.string(), scans: z.number().int() })),
      })
      .optional(),
  })
  .meta({ id: "ScanAnalytics" });
