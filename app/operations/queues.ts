// The queues of wrangler.toml [[queues.consumers]], named as /staff/health shows them. A batch's
// queue name is "qr-code-creator-<name>", with "-staging" in staging and "-dlq" at the end of a
// dead-letter queue.

export const QUEUE_NAMES = ["scans", "webhooks", "mail", "bulk", "domains"] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface QueueOfBatch {
  /** The short name ("scans"), or the batch's own name when it is none of ours. */
  name: string;
  /** True for a dead-letter queue. */
  dead: boolean;
}

export function queueOfBatch(batchQueue: string): QueueOfBatch {
  const dead = batchQueue.endsWith("-dlq");
  const base = batchQueue
    .replace(/-dlq$/, "")
    .replace(/-staging$/, "")
    .replace(/^qr-code-creator-/, "");
  return { name: base, dead };
}

/** An error's text for the bookkeeping: its message, on one line, at most 300 characters. */
export function errorText(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? "unknown error");
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
