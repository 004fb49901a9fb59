import { describeScanner, type Scanner } from "../analytics/scanner";
import { DIMENSIONS } from "./dimensions";
import { describeError, log } from "../observability/log.server";
import { noteQueueFailure } from "../operations/queue-watch.server";
import { emitScanWebhooks, type Subscriber } from "../webhooks/scans.server";
import { DAY_MS } from "./visitor.server";

// Scan events (issues #20, #30): the redirect puts one on the SCAN_QUEUE and answers at once; the
// queue's consumer folds each batch into the hourly rollups (scan_rollups) in one D1 batch of two
// statements, whatever the batch's size (the events travel as one JSON parameter):
//   1. the events go into scan_inbox, INSERT OR IGNORE by event id, marked with this run's id;
//   2. the events this run inserted (so never a redelivered one) are grouped per code, hour,
//      dimension and value and upserted with `n = n + excluded.n`. A scanner counts as unique when
//      no earlier inbox row has its code, UTC day and daily hash. The statement returns, per code,
//      the webhook endpoints that asked for scans, so that costs no third statement.
// D1 runs a batch as one transaction: a batch that fails is retried whole and leaves nothing.

export interface ScanEvent {
  id: string;
  codeId: number;
  /** The scanner's daily-salted hash (app/scans/visitor.server.ts); null when unknown. */
  visitor?: string | null;
  /** Events queued before issue #30 carry the keyed hash of the address instead. */
  ipHash?: string;
  userAgent: string | null;
  location: {
    country: string | null;
    region?: string | null;
    city: string | null;
    timezone?: string | null;
    device: string;
  };
  /** Milliseconds since the epoch, when the code was scanned (not when the row is written). */
  scannedAt: number;
}

export interface ScanBatchReport {
  scans: number;
  /** D1 statements the batch cost: always 2 (or 0 for an empty batch). */
  statements: number;
  /** D1 round trips: one batch call per queue batch of up to 100 messages. */
  batches: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** One event as the statements read it from the JSON parameter. */
function factOf(event: ScanEvent, scanners: Map<string | null, Scanner>) {
  // A hot code's batch comes from few user agents: each is parsed once per batch.
  let scanner = scanners.get(event.userAgent);
  if (!scanner) {
    scanner = describeScanner(event.userAgent);
    scanners.set(event.userAgent, scanner);
  }
  const clip = (value: string | null | undefined) => (value ? value.slice(0, 80) : null);
  return {
    id: event.id,
    code: event.codeId,
    hour: Math.floor(event.scannedAt / HOUR_MS) * HOUR_MS,
    day: Math.floor(event.scannedAt / DAY_MS),
    // Bots are never scanners; without the hash (or the old address hash) nobody is unique.
    visitor: scanner.bot ? null : (event.visitor ?? event.ipHash ?? null),
    bot: scanner.bot ? 1 : 0,
    country: clip(event.location.country),
    region: clip(event.location.region),
    city: clip(event.location.city),
    timezone: clip(event.location.timezone),
    device: scanner.device,
    os: clip(scanner.os),
    browser: clip(scanner.browser),
  };
}

// A code deleted after its scan was queued has no row to point to: its scans are dropped here
// rather than failing the foreign key and, with it, the whole batch.
const INBOX_SQL = `INSERT OR IGNORE INTO scan_inbox (event_id, qr_code_id, day, visitor, batch, received_at)
  SELECT value ->> 'id', value ->> 'code', value ->> 'day', value ->> 'visitor', ?2, ?3
  FROM json_each(?1)
  WHERE EXISTS (SELECT 1 FROM qr_codes c WHERE c.id = value ->> 'code')`;

const FOLD_SQL = `WITH fresh AS (
    SELECT i.qr_code_id AS code, j.value ->> 'hour' AS hour, j.value ->> 'bot' AS bot,
      ${DIMENSIONS.map((d) => `j.value ->> '${d}' AS ${d}`).join(", ")},
      (i.visitor IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM scan_inbox o
        WHERE o.qr_code_id = i.qr_code_id AND o.day = i.day AND o.visitor = i.visitor AND o.id < i.id
      )) AS first
    -- CROSS JOIN keeps this order: each event looks its row up by id, rather than SQLite walking
    -- the whole inbox (which grows to two days of scans) for this run's rows.
    FROM json_each(?1) j CROSS JOIN scan_inbox i ON i.event_id = j.value ->> 'id' AND i.batch = ?2
  ),
  -- Every fresh scan once per dimension (a join rather than a UNION: D1 allows few of those).
  facts AS (
    SELECT f.code, f.hour, d.value AS dimension,
      CASE d.value WHEN 'total' THEN '' ${DIMENSIONS.map((d) => `WHEN '${d}' THEN f.${d}`).join(" ")} END AS value,
      CASE d.value WHEN 'total' THEN 1 - f.bot ELSE 1 END AS scans,
      CASE d.value WHEN 'total' THEN f.first ELSE 0 END AS uniques,
      CASE d.value WHEN 'total' THEN f.bot ELSE 0 END AS bots,
      f.bot
    FROM fresh f JOIN json_each('${JSON.stringify(["total", ...DIMENSIONS])}') d
  )
  INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans, uniques, bots)
  SELECT code, dimension, hour, value, sum(scans), sum(uniques), sum(bots)
  FROM facts WHERE value IS NOT NULL AND (dimension = 'total' OR bot = 0)
  GROUP BY code, dimension, hour, value
  ON CONFLICT (qr_code_id, dimension, hour, value) DO UPDATE SET
    scans = scans + excluded.scans, uniques = uniques + excluded.uniques, bots = bots + excluded.bots
  RETURNING qr_code_id AS code, CASE WHEN dimension = 'total' THEN (
    SELECT json_group_array(json_object('code_id', c.id, 'title', c.title, 'endpoint_id', e.id, 'events', e.events))
    FROM qr_codes c JOIN webhook_endpoints e ON e.workspace_id = c.workspace_id AND e.enabled = 1
    WHERE c.id = scan_rollups.qr_code_id
  ) END AS subscribers`;

/** Folds a queue batch of scan events into the rollups; null when it is to be retried. */
export async function recordScanBatch(
  batch: MessageBatch<ScanEvent>,
  d1: D1Database,
): Promise<ScanBatchReport | null> {
  const events = [
    ...new Map(batch.messages.map((message) => [message.body.id, message.body])).values(),
  ];
  if (events.length === 0) return { scans: 0, statements: 0, batches: 0 };
  const scanners = new Map<string | null, Scanner>();
  const facts = JSON.stringify(events.map((event) => factOf(event, scanners)));
  const run = crypto.randomUUID();
  let folded: { code: number; subscribers: string | null }[];
  try {
    const [, fold] = await d1.batch<{ code: number; subscribers: string | null }>([
      d1.prepare(INBOX_SQL).bind(facts, run, Date.now()),
      d1.prepare(FOLD_SQL).bind(facts, run),
    ]);
    folded = fold?.results ?? [];
  } catch (cause) {
    // Every message comes again later (the queue's retries, then its dead-letter queue); the
    // failed batch wrote nothing, and a redelivered event already folded is skipped by its id.
    log("warn", "scans_retry", { scans: events.length, ...describeError(cause) });
    noteQueueFailure(batch, cause);
    batch.retryAll();
    return null;
  }
  batch.ackAll();
  const codes = new Set(folded.map((row) => row.code));
  const subscribers = folded.flatMap((row) =>
    row.subscribers ? (JSON.parse(row.subscribers) as Subscriber[]) : [],
  );
  // Only the codes with newly folded scans: a redelivered batch sends no webhook again.
  await emitScanWebhooks(
    d1,
    events.filter((event) => codes.has(event.codeId)),
    subscribers,
  );
  const report = { scans: events.length, statements: 2, batches: 1 };
  log("info", "scans_recorded", { ...report });
  return report;
}

/** The dead-letter queue: scans that could not be written after every retry, logged by count. */
export function recordDeadScans(batch: MessageBatch<ScanEvent>): void {
  log("error", "scans_dead_letter", {
    scans: batch.messages.length,
    codes: [...new Set(batch.messages.map((message) => message.body.codeId))],
  });
  batch.ackAll();
}
