import type { ScanEvent } from "../scans/events.server";
import { describeError, log } from "../observability/log.server";
import { enqueueWebhooks, type WebhookMessage, webhookPayload } from "./emit.server";

// qr_code.scanned (issue #19): sent by the scan queue's consumer once a batch of scans is written,
// never by the redirect, so a scan answers without waiting for any webhook. One query per batch
// finds the codes whose workspace has an enabled endpoint that asked for scans; a batch of codes
// with none costs nothing more. Each scan's webhook-id comes from its event id, so a scan
// delivered twice by the scan queue carries the same id (receivers can deduplicate).

export interface Subscriber {
  code_id: number;
  title: string | null;
  endpoint_id: string;
  events: string;
}

/** Codes per query: D1 binds at most 100 parameters. */
const CODES_PER_QUERY = 90;

async function subscribersOf(d1: D1Database, codeIds: number[]): Promise<Subscriber[]> {
  const found: Subscriber[] = [];
  for (let at = 0; at < codeIds.length; at += CODES_PER_QUERY) {
    const some = codeIds.slice(at, at + CODES_PER_QUERY);
    const { results } = await d1
      .prepare(
        `SELECT c.id AS code_id, c.title, e.id AS endpoint_id, e.events
         FROM qr_codes c JOIN webhook_endpoints e ON e.workspace_id = c.workspace_id AND e.enabled = 1
         WHERE c.id IN (${some.map(() => "?").join(", ")})`,
      )
      .bind(...some)
      .all<Subscriber>();
    found.push(...results);
  }
  return found;
}

/**
 * Enqueues the scans' webhooks. `found`: the subscribers, when the caller read them already (the
 * scan consumer does, in the statement that folds the batch).
 */
export async function emitScanWebhooks(
  d1: D1Database,
  scans: ScanEvent[],
  found?: Subscriber[],
): Promise<number> {
  const codeIds = [...new Set(scans.map((scan) => scan.codeId))];
  if (codeIds.length === 0) return 0;
  try {
    const results = found ?? (await subscribersOf(d1, codeIds));
    const subscribers = results.filter((row) =>
      (JSON.parse(row.events) as string[]).includes("qr_code.scanned"),
    );
    if (subscribers.length === 0) return 0;
    const messages: WebhookMessage[] = [];
    for (const scan of scans) {
      const payload = webhookPayload(
        "qr_code.scanned",
        {
          id: scan.codeId,
          title: subscribers.find((row) => row.code_id === scan.codeId)?.title ?? null,
          scannedAt: new Date(scan.scannedAt).toISOString(),
          country: scan.location.country,
          city: scan.location.city,
          device: scan.location.device,
        },
        new Date(scan.scannedAt),
      );
      for (const row of subscribers.filter((candidate) => candidate.code_id === scan.codeId)) {
        messages.push({
          endpointId: row.endpoint_id,
          eventId: `msg_${scan.id.replaceAll("-", "")}`,
          type: "qr_code.scanned",
          payload,
        });
      }
    }
    await enqueueWebhooks(messages);
    return messages.length;
  } catch (cause) {
    // The scans are recorded; their webhooks are lost rather than the batch retried (which would
    // count nothing twice but send the others' events again).
    log("error", "webhook_scan_emit_failed", { scans: scans.length, ...describeError(cause) });
    return 0;
  }
}
