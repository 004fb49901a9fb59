// Time zones applied at read time (issue #30): the rollups hold UTC hours, and a viewer's day,
// week or month is made of the hours that fall in it there. Pure, so the views, the API and the
// unit tests share it. A zone whose offset is not whole hours (India's +5:30, Nepal's +5:45) is
// shifted by the nearest whole hour: a bucket's edges may be off by up to 30 minutes there.

export const INTERVALS = ["hour", "day", "week", "month"] as const;
export type Interval = (typeof INTERVALS)[number];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** True for a time zone name `Intl` knows (IANA names such as Europe/Berlin, and UTC). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    formatOf(value);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `at`, rounded to the nearest whole hour, in milliseconds. */
export function hourOffset(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  const minute = Math.floor(at / 60_000) * 60_000;
  return Math.round((wall - minute) / HOUR_MS) * HOUR_MS;
}

/**
 * Offsets of many hours at few `Intl` calls: a zone changes its offset at most once a day, so a
 * day whose two ends agree is one offset throughout.
 */
export function offsetsIn(timeZone: string): (hour: number) => number {
  const days = new Map<number, [number, number]>();
  return (hour) => {
    const day = Math.floor(hour / DAY_MS);
    let ends = days.get(day);
    if (!ends) {
      ends = [hourOffset(timeZone, day * DAY_MS), hourOffset(timeZone, (day + 1) * DAY_MS - 1)];
      days.set(day, ends);
    }
    return ends[0] === ends[1] ? ends[0] : hourOffset(timeZone, hour);
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The label of the bucket that holds a local wall time (given as if it were UTC). */
function labelOf(wall: number, interval: Interval): string {
  const at = new Date(wall);
  const day = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  switch (interval) {
    case "hour":
      return `${day}T${pad(at.getUTCHours())}:00`;
    case "day":
      return day;
    case "week": {
      // Weeks start on Monday (ISO 8601).
      const monday = new Date(wall - ((at.getUTCDay() + 6) % 7) * DAY_MS);
      return `${monday.getUTCFullYear()}-${pad(monday.getUTCMonth() + 1)}-${pad(monday.getUTCDate())}`;
    }
    case "month":
      return day.slice(0, 7);
  }
}

/** The UTC instant of the local midnight that starts `day` (YYYY-MM-DD) in the zone. */
export function localMidnight(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const guess = wall - hourOffset(timeZone, wall);
  return wall - hourOffset(timeZone, guess);
}

export interface HourRow {
  hour: number;
  scans: number;
  uniques: number;
}

export interface Bucket {
  /** The bucket's first local day or hour: 2026-03-29, 2026-03-29T14:00, 2026-03. */
  start: string;
  scans: number;
  uniques: number;
}

/**
 * The hours from `start` to `end` (UTC instants, whole hours) folded into the viewer's buckets,
 * with empty ones included, oldest first.
 */
export function bucketSeries(
  rows: HourRow[],
  {
    start,
    end,
    timeZone,
    interval,
  }: { start: number; end: number; timeZone: string; interval: Interval },
): Bucket[] {
  const offset = offsetsIn(timeZone);
  const buckets = new Map<string, Bucket>();
  for (let hour = start; hour < end; hour += HOUR_MS) {
    const label = labelOf(hour + offset(hour), interval);
    if (!buckets.has(label)) buckets.set(label, { start: label, scans: 0, uniques: 0 });
  }
  for (const row of rows) {
    if (row.hour < start || row.hour >= end) continue;
    const bucket = buckets.get(labelOf(row.hour + offset(row.hour), interval));
    if (!bucket) continue;
    bucket.scans += row.scans;
    bucket.uniques += row.uniques;
  }
  return [...buckets.values()];
}

/** A stretch of time with one offset: from the previous segment's `until` up to this one's. */
export interface OffsetSegment {
  /** The first UTC hour no longer in this segment (the last segment's is `end`). */
  until: number;
  offset: number;
}

const WEEK_MS = 7 * DAY_MS;

/**
 * The zone's offsets between `start` and `end` (UTC instants, whole hours), so that a database
 * can fold hours into local days with a CASE of a few arms. The zone is sampled weekly and each
 * change found to the hour; two changes that cancel within one week would be missed (no zone
 * does that today).
 */
export function offsetSegments(timeZone: string, start: number, end: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [];
  let offset = hourOffset(timeZone, start);
  let from = start;
  while (from < end) {
    const probe = Math.min(from + WEEK_MS, end - HOUR_MS);
    const next = hourOffset(timeZone, probe);
    if (next === offset || probe <= from) {
      from = probe <= from ? end : probe;
      continue;
    }
    // The first hour after `from` with the new offset, by halving.
    let low = from;
    let high = probe;
    while (high - low > HOUR_MS) {
      const middle = low + Math.floor((high - low) / 2 / HOUR_MS) * HOUR_MS;
      if (hourOffset(timeZone, middle) === offset) low = middle;
      else high = middle;
    }
    segments.push({ until: high, offset });
    offset = hourOffset(timeZone, high);
    from = high;
  }
  segments.push({ until: end, offset });
  return segments;
}

/** The busiest-hours grid from scans per local hour of the week (0 = Monday 00:00 … 167). */
export function weekGrid(slots: { slot: number; scans: number }[]): number[][] {
  const grid = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  for (const { slot, scans } of slots) {
    if (slot < 0 || slot >= 168) continue;
    grid[Math.floor(slot / 24)]![slot % 24]! += scans;
  }
  return grid;
}
