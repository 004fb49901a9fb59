import { type BulkChunkMessage, recordDeadChunks, runChunkBatch } from "../bulk/jobs.server";
import { createDatabase } from "../db/client.server";
import {
  type HostnameRelease,
  recordDeadHostnames,
  releaseQueuedHostnames,
} from "../domains/release.server";
import { getMailSettings, type QueuedMail } from "../mail/mailer.server";
import { deliverMailBatch, recordDeadMail } from "../mail/queue.server";
import { recordDeadScans, recordScanBatch, type ScanEvent } from "../scans/events.server";
import type { WebhookMessage } from "../webhooks/emit.server";
import { deliverWebhookBatch, recordDeadWebhooks } from "../webhooks/deliver.server";
import { watchQueueBatch } from "./queue-watch.server";

// The Worker's queue() handler (app/entry.worker.ts): the mail, scan, bulk, webhook and domain
// queues and their dead-letter queues (wrangler.toml [[queues.consumers]]), told apart by name:
// "qr-code-creator-scans…", "…-bulk…", "…-webhooks…", "…-domains…" or "…-mail…", with "-dlq" at
// the end of a dead-letter queue (staging adds "-staging" before it). Each consumer gets a
// watched batch, so that its retries and dead letters are recorded for /staff/health (issue #31).

export async function consumeQueue(original: MessageBatch, env: Env): Promise<void> {
  const watched = watchQueueBatch(original);
  try {
    await consumeBatch(watched.batch, env);
  } catch (cause) {
    watched.threw(cause);
    throw cause;
  } finally {
    await watched.record(createDatabase(env.DB));
  }
}

async function consumeBatch(batch: MessageBatch, env: Env): Promise<void> {
  const dead = batch.queue.endsWith("-dlq");
  if (batch.queue.startsWith("qr-code-creator-bulk")) {
    const chunks = batch as MessageBatch<BulkChunkMessage>;
    if (dead) await recordDeadChunks(chunks);
    else await runChunkBatch(chunks);
    return;
  }
  if (batch.queue.startsWith("qr-code-creator-scans")) {
    const scans = batch as MessageBatch<ScanEvent>;
    if (dead) recordDeadScans(scans);
    else await recordScanBatch(scans, env.DB);
    return;
  }
  if (batch.queue.startsWith("qr-code-creator-domains")) {
    const releases = batch as MessageBatch<HostnameRelease>;
    if (dead) recordDeadHostnames(releases);
    else await releaseQueuedHostnames(releases);
    return;
  }
  if (batch.queue.startsWith("qr-code-creator-webhooks")) {
    const webhooks = batch as MessageBatch<WebhookMessage>;
    if (dead) await recordDeadWebhooks(webhooks, env.DB);
    else await deliverWebhookBatch(webhooks, env.DB);
    return;
  }
  const mail = batch as MessageBatch<QueuedMail>;
  if (dead) await recordDeadMail(mail, env.DB);
  else await deliverMailBatch(mail, getMailSettings(), env.DB);
}
