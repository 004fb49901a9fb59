import { describeError, log } from "../observability/log.server";
import { emitScanWebhooks } from "../webhooks/scans.server";

// Scan events (issue #20): the redirect puts one on the SCAN_QUEUE and answers at once; the
// queue's consumer writes them to D1 in batches. Every event has an id and the table a unique
// index on it, so a message delivered twice (Queues deliver at least once) is counted once. A
// batch that fails is retried whole; the rows already written are skipped by their ids.

export interface ScanEvent {
  id: string;
  codeId: number;
  ipHash: string;
  userAgent: string | null;
  location: { country: string | null; city: string | null; device: string };
  /** Milliseconds since the epoch, when the code was scanned (not when the row is written). */
  scannedAt: number;
}

/** Rows per INSERT: D1 binds at most 100 parameters to a statement, and a row takes 6. */
const ROWS_PER_STATEMENT = 16;

export interface ScanBatchReport {
  scans: number;
  statements: number;
  /** D1 round trips: one batch call per queue batch of up to 100 messages. */
  batches: number;
}

function insertStatement(d1: D1Database, events: ScanEvent[]): D1PreparedStatement {
  const values = events.map(() => "(?, ?, ?, ?, ?, ?)").join(", ");
  // A code deleted after its scan was queued has no row to point to: its scans are dropped here
  // rather than failing the foreign key and, with it, the whole batch.
  return d1
    .prepare(
      `INSERT OR IGNORE INTO qr_scans (event_id, qr_code_id, ip_address, user_agent, location, scanned_at)
       SELECT column1, column2, column3, column4, column5, column6 FROM (VALUES ${values})
       WHERE EXISTS (SELECT 1 FROM qr_codes c WHERE c.id = column2)`,
    )
    .bind(
      ...events.flatMap((event) => [
        event.id,
        event.codeId,
        event.ipHash,
        event.userAgent?.slice(0, 256) ?? null,
        JSON.stringify(event.location),
        event.scannedAt,
      ]),
    );
}

/** Writes a queue batch of scan events in one D1 batch call; null when it is to be retried. */
export async function recordScanBatch(
  batch: MessageBatch<ScanEvent>,
  d1: D1Database,
): Promise<ScanBatchReport | null> {
  const events = batch.messages.map((message) => message.body);
  const statements: D1PreparedStatement[] = [];
  for (let at = 0; at < events.length; at += ROWS_PER_STATEMENT) {
    statements.push(insertStatement(d1, events.slice(at, at + ROWS_PER_STATEMENT)));
  }
  try {
    if (statements.length > 0) await d1.batch(statements);
  } catch (cause) {
    // Every message comes again later (the queue's retries, then its dead-letter queue); the
    // rows that did get written are skipped then by their event ids.
    log("warn", "scans_retry", { scans: events.length, ...describeError(cause) });
    batch.retryAll();
    return null;
  }
  batch.ackAll();
  await emitScanWebhooks(d1, events);
  const report = {
    scans: events.length,
    statements: statements.length,
    batches: statements.length > 0 ? 1 : 0,
  };
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
