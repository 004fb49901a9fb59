// Outgoing webhooks (issue #19), pure: the events an endpoint may ask for, the payload's shape,
// the retry schedule and when failures are told or end an endpoint.

export const WEBHOOK_EVENTS = [
  "qr_code.created",
  "qr_code.updated",
  "qr_code.deleted",
  "qr_code.scanned",
  "qr_code.downloaded",
  "bulk_job.completed",
  "member.joined",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/**
 * What "Send test event" sends. It is not among the events an endpoint subscribes to: it goes to
 * the one endpoint whose button was pressed, whatever that endpoint asked for.
 */
export const TEST_EVENT = "webhook.test";
export type DeliveredEventType = WebhookEventType | typeof TEST_EVENT;

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "qr_code.created": "A code was saved (on the generator or through the API)",
  "qr_code.updated": "A code's title, sharing, destination, design or content changed",
  "qr_code.deleted": "A code was deleted",
  "qr_code.scanned": "A tracked code was scanned",
  "qr_code.downloaded": "A saved code's image was downloaded",
  "bulk_job.completed": "A bulk generation batch finished",
  "member.joined": "Someone accepted an invitation to the workspace",
};

export function isWebhookEvent(value: unknown): value is WebhookEventType {
  return WEBHOOK_EVENTS.includes(value as WebhookEventType);
}

/**
 * Seconds before the 1st, 2nd, … 7th retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, about
 * 27.6 hours in all. wrangler.toml's max_retries is this list's length; the attempt after the
 * last retry that fails moves the event to the dead-letter queue.
 */
export const RETRY_DELAYS_S = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/**
 * How far back an attempt logged "retrying" may still have a retry on the way: twice the whole
 * schedule (about 55 hours), for queues that run late. Older ones went to the dead letter.
 */
export const RETRYING_WINDOW_MS = 2 * RETRY_DELAYS_S.reduce((sum, delay) => sum + delay, 0) * 1000;

/** The delay before retrying after failed attempt `attempt` (1-based); null after the last. */
export function retryDelay(attempt: number): number | null {
  return attempt >= 1 && attempt <= RETRY_DELAYS_S.length ? RETRY_DELAYS_S[attempt - 1]! : null;
}

/** Failures in a row that disable an endpoint. */
export const DISABLE_AFTER_FAILURES = 20;
/**
 * Why an endpoint was disabled, as stored with it (and e-mailed in English); the Integrations tab
 * says these in its language (issue #32).
 */
export const DISABLED_GONE = "It answered 410 Gone, which says the address is no longer used.";
export const DISABLED_FAILING = `Its last ${DISABLE_AFTER_FAILURES} deliveries in a row failed.`;

/** Failures in a row at which the workspace's owner is warned by e-mail. */
export const WARN_AT_FAILURES = [5, 10, 15] as const;

export function shouldWarn(failures: number): boolean {
  return (WARN_AT_FAILURES as readonly number[]).includes(failures);
}

/** A delivery's logged answer: its body's first 2 KB. */
export const RESPONSE_LOG_BYTES = 2048;
/** A delivery gives up waiting for an answer after 10 seconds. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries are kept this long in the log. */
export const DELIVERY_LOG_DAYS = 30;
/** After a rotation the previous secret signs too, for 24 hours. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** The body of every delivery: Standard Webhooks' {type, timestamp, data}. */
export interface WebhookPayload {
  type: DeliveredEventType;
  /** ISO 8601, when the event happened. */
  timestamp: string;
  data: Record<string, unknown>;
}

/** A new event id (the webhook-id header): `msg_` and a random UUID without dashes. */
export function newEventId(): string {
  return `msg_${crypto.randomUUID().replaceAll("-", "")}`;
}

/** The first `bytes` bytes of `text`, cut at a character boundary. */
export function firstBytes(text: string, bytes = RESPONSE_LOG_BYTES): string {
  const encoded = new TextEncoder().encode(text);
  if (encoded.length <= bytes) return text;
  return new TextDecoder().decode(encoded.slice(0, bytes)).replace(/\uFFFD$/, "");
}
