import { env } from "cloudflare:workers";
import { describeError, log } from "../observability/log.server";
import { type HourCount, RequestTally } from "./request-tally";

// The Worker's request counter (request-tally.ts): every answer is counted, and a due write goes
// out with waitUntil after the answer, as one upsert per hour in one D1 batch.

const tally = new RequestTally();

const UPSERT = `INSERT INTO request_stats (hour, requests, errors) VALUES (?, ?, ?)
  ON CONFLICT (hour) DO UPDATE SET
    requests = requests + excluded.requests, errors = errors + excluded.errors`;

export function countRequest(
  status: number,
  waitUntil: (promise: Promise<unknown>) => void,
  now = Date.now(),
): void {
  tally.count(status, now);
  const due = tally.takeDue(now);
  if (due) waitUntil(writeCounts(env.DB, due));
}

async function writeCounts(d1: D1Database, counts: HourCount[]): Promise<void> {
  try {
    await d1.batch(
      counts.map((count) => d1.prepare(UPSERT).bind(count.hour, count.requests, count.errors)),
    );
  } catch (cause) {
    tally.putBack(counts);
    log("warn", "request_stats_write_failed", describeError(cause));
  }
}
