// Requests and 5xx answers per hour, counted in the isolate and written at most once a minute
// (issue #31). A D1 write per request would double the cost of the cheapest requests (a scan's
// redirect); counting in memory costs a map lookup. This is deliberately module-level state: the
// counts belong to the isolate, not to a request. An isolate that is evicted loses at most its
// last minute of counts, which a rate read per hour tolerates.

export const HOUR_MS = 60 * 60_000;
export const FLUSH_INTERVAL_MS = 60_000;

export interface HourCount {
  /** The hour's start, epoch ms. */
  hour: number;
  requests: number;
  errors: number;
}

export class RequestTally {
  private readonly hours = new Map<number, HourCount>();
  private lastFlush = Number.NEGATIVE_INFINITY;

  count(status: number, now: number): void {
    const hour = now - (now % HOUR_MS);
    let entry = this.hours.get(hour);
    if (!entry) this.hours.set(hour, (entry = { hour, requests: 0, errors: 0 }));
    entry.requests += 1;
    if (status >= 500) entry.errors += 1;
  }

  /**
   * The counts to write, emptied here, when the last write is a minute old (or this isolate has
   * written none yet); otherwise null.
   */
  takeDue(now: number): HourCount[] | null {
    if (this.hours.size === 0 || now - this.lastFlush < FLUSH_INTERVAL_MS) return null;
    this.lastFlush = now;
    const due = [...this.hours.values()];
    this.hours.clear();
    return due;
  }

  /** Counts whose write failed come back, to go with the next one. */
  putBack(counts: HourCount[]): void {
    for (const { hour, requests, errors } of counts) {
      const entry = this.hours.get(hour);
      if (entry) {
        entry.requests += requests;
        entry.errors += errors;
      } else this.hours.set(hour, { hour, requests, errors });
    }
  }
}
