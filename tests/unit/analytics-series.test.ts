import { describe, expect, it } from "vitest";
import {
  bucketSeries,
  hourOffset,
  isTimeZone,
  localMidnight,
  offsetSegments,
  weekGrid,
} from "../../app/analytics/series";

// Time zones applied at read time to the hourly rollups (issue #30), around daylight-saving
// changes and in zones whose offset is not whole hours.

const H = 60 * 60 * 1000;
const hourly = (from: number, hours: number) =>
  Array.from({ length: hours }, (_, i) => ({ hour: from + i * H, scans: 1, uniques: 1 }));

describe("the viewer's time zone over UTC hours", () => {
  it("knows IANA zones and refuses anything else", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("gives Berlin a 23-hour day in spring and a 25-hour day in autumn", () => {
    // 2026-03-29: clocks go from 02:00 to 03:00; 2026-10-25: from 03:00 back to 02:00.
    for (const [day, hours] of [
      ["2026-03-29", 23],
      ["2026-10-25", 25],
      ["2026-06-01", 24],
    ] as const) {
      const start = localMidnight(day, "Europe/Berlin");
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * H).toISOString().slice(0, 10);
      const end = localMidnight(next, "Europe/Berlin");
      expect((end - start) / H).toBe(hours);
      const series = bucketSeries(hourly(start - 5 * H, hours + 10), {
        start,
        end,
        timeZone: "Europe/Berlin",
        interval: "day",
      });
      expect(series).toEqual([{ start: day, scans: hours, uniques: hours }]);
    }
    expect(localMidnight("2026-03-29", "Europe/Berlin")).toBe(Date.UTC(2026, 2, 28, 23));
    expect(localMidnight("2026-10-26", "Europe/Berlin")).toBe(Date.UTC(2026, 9, 25, 23));
  });

  it("puts a zone with a half-hour offset on the nearest whole hour", () => {
    expect(hourOffset("Asia/Kolkata", Date.UTC(2026, 0, 1)) / H).toBe(6); // +5:30
    expect(hourOffset("Asia/Kathmandu", Date.UTC(2026, 0, 1)) / H).toBe(6); // +5:45
    expect(hourOffset("America/St_Johns", Date.UTC(2026, 0, 1)) / H).toBe(-3); // -3:30
    expect(hourOffset("America/New_York", Date.UTC(2026, 6, 1)) / H).toBe(-4);
  });

  it("buckets by local hour, Monday weeks and months, with empty buckets included", () => {
    const start = localMidnight("2026-11-01", "America/New_York");
    const end = localMidnight("2026-12-01", "America/New_York");
    const rows = [{ hour: Date.UTC(2026, 10, 2, 3), scans: 4, uniques: 2 }]; // Nov 1, 22:00 local
    const weeks = bucketSeries(rows, {
      start,
      end,
      timeZone: "America/New_York",
      interval: "week",
    });
    expect(weeks.map((w) => w.start)).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
    expect(weeks[0]).toEqual({ start: "2026-10-26", scans: 4, uniques: 2 });
    expect(
      bucketSeries(rows, { start, end, timeZone: "America/New_York", interval: "month" }),
    ).toEqual([{ start: "2026-11", scans: 4, uniques: 2 }]);
    const hours = bucketSeries(rows, {
      start,
      end,
      timeZone: "America/New_York",
      interval: "hour",
    });
    // November 1 is 25 hours long there: its repeated 01:00 is one bucket of two hours.
    expect(hours).toHaveLength(30 * 24);
    expect(hours.find((h) => h.scans > 0)?.start).toBe("2026-11-01T22:00");
  });

  it("finds each change of a zone's offset to the hour, for folding hours in SQL", () => {
    const start = Date.UTC(2025, 11, 1);
    const end = Date.UTC(2026, 11, 1);
    for (const zone of [
      "Europe/Berlin",
      "America/New_York",
      "Australia/Sydney",
      "Asia/Kolkata",
      "America/Santiago",
      "Australia/Lord_Howe",
      "UTC",
    ]) {
      const segments = offsetSegments(zone, start, end);
      expect(segments.at(-1)!.until).toBe(end);
      let index = 0;
      for (let hour = start; hour < end; hour += H) {
        while (hour >= segments[index]!.until) index += 1;
        expect(segments[index]!.offset, `${zone} at ${new Date(hour).toISOString()}`).toBe(
          hourOffset(zone, hour),
        );
      }
      // Two changes a year where the zone keeps daylight-saving time, none where it doesn't, nor
      // at Lord Howe, whose half-hour change (+10:30 to +11) rounds to the same whole hour.
      const steady = ["Asia/Kolkata", "UTC", "Australia/Lord_Howe"].includes(zone);
      expect(segments.length, zone).toBe(steady ? 1 : 3);
    }
  });

  it("lays the busiest hours out Monday first", () => {
    // Slot 0 is Monday 00:00 and 167 Sunday 23:00, as scanWeekQuery numbers them.
    const grid = weekGrid([
      { slot: 32, scans: 3 },
      { slot: 167, scans: 1 },
      { slot: 168, scans: 9 },
    ]);
    expect(grid[1]![8]).toBe(3);
    expect(grid[6]![23]).toBe(1);
    expect(grid.flat().reduce((a, b) => a + b, 0)).toBe(4);
  });
});
