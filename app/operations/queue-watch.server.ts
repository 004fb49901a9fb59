import type { Database } from "../db/client.server";
import { queueFailures } from "../db/schema";
import { describeError, log } from "../observability/log.server";
import { errorText, queueOfBatch } from "./queues";

// Queue bookkeeping for /staff/health (issue #31). The Worker's queue() handler hands every
// consumer a watched copy of its batch: the copy counts the messages the consumer retries (and,
// when the consumer throws, the ones the runtime will retry) and the messages that arrive on a
// dead-letter queue, and writes them as one row per error after the batch. A batch that goes well
// writes nothing. Consumers say why they retry with noteQueueFailure, next to their log line.

const reasons = new WeakMap<object, string>();

/** Why a message, or a whole batch before retryAll(), is about to be retried. */
export function noteQueueFailure(subject: object, cause: unknown): void {
  reasons.set(subject, errorText(cause));
}

export interface WatchedBatch<Body> {
  batch: MessageBatch<Body>;
  /** The consumer threw: every message it left unsettled comes again. */
  threw(cause: unknown): void;
  /** Writes what went wrong, if anything; never throws. */
  record(db: Database, now?: Date): Promise<void>;
}

export function watchQueueBatch<Body>(original: MessageBatch<Body>): WatchedBatch<Body> {
  const queue = queueOfBatch(original.queue);
  const settled = new Set<Message<Body>>();
  const retried = new Map<string | null, number>();
  const retry = (reason: string | undefined) =>
    retried.set(reason ?? null, (retried.get(reason ?? null) ?? 0) + 1);

  const messages = original.messages.map((message) => {
    const watched: Message<Body> = {
      get id() {
        return message.id;
      },
      get timestamp() {
        return message.timestamp;
      },
      get body() {
        return message.body;
      },
      get attempts() {
        return message.attempts;
      },
      ack() {
        settled.add(message);
        message.ack();
      },
      retry(options) {
        if (!settled.has(message)) retry(reasons.get(watched) ?? reasons.get(batch));
        settled.add(message);
        message.retry(options);
      },
    };
    return watched;
  });
  const unsettled = () => original.messages.filter((message) => !settled.has(message));
  const batch: MessageBatch<Body> = {
    get queue() {
      return original.queue;
    },
    get metadata() {
      return original.metadata;
    },
    messages,
    ackAll() {
      for (const message of original.messages) settled.add(message);
      original.ackAll();
    },
    retryAll(options) {
      for (const _ of unsettled()) retry(reasons.get(batch));
      for (const message of original.messages) settled.add(message);
      original.retryAll(options);
    },
  };

  return {
    batch,
    threw(cause) {
      const reason = errorText(cause);
      for (const _ of unsettled()) retry(reason);
    },
    async record(db, now = new Date()) {
      const rows: (typeof queueFailures.$inferInsert)[] = [...retried].map(([error, count]) => ({
        queue: queue.dead ? `${queue.name}-dlq` : queue.name,
        kind: "retried",
        messages: count,
        error,
        createdAt: now,
      }));
      // A dead-letter queue's own retries (attempts > 1) bring no new dead letters.
      const arrived = queue.dead ? original.messages.filter((m) => m.attempts <= 1).length : 0;
      if (arrived > 0) {
        rows.push({
          queue: queue.name,
          kind: "dead_lettered",
          messages: arrived,
          error: null,
          createdAt: now,
        });
      }
      if (rows.length === 0) return;
      try {
        await db.insert(queueFailures).values(rows);
      } catch (cause) {
        log("error", "queue_bookkeeping_failed", {
          queue: original.queue,
          ...describeError(cause),
        });
      }
    },
  };
}
