import { createDatabase, type Database } from "../db/client.server";
import type { WebhookEndpointRecord } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { webhookDisabledMessage, webhookFailingMessage } from "../mail/templates";
import { recipientLocaleByEmail } from "../mail/recipient.server";
import {
  countFailure,
  disableEndpoint,
  endpointById,
  logDelivery,
  markEventFailed,
  resetFailures,
  workspaceOwnerContact,
} from "../models/webhooks.server";
import { describeError, log } from "../observability/log.server";
import { noteQueueFailure } from "../operations/queue-watch.server";
import { PLANS } from "../plans/catalogue";
import { effectivePlan } from "../plans/effective";
import type { WebhookMessage } from "./emit.server";
import {
  DELIVERY_TIMEOUT_MS,
  DISABLE_AFTER_FAILURES,
  DISABLED_FAILING,
  DISABLED_GONE,
  firstBytes,
  MAX_ATTEMPTS,
  RESPONSE_LOG_BYTES,
  RETRYING_WINDOW_MS,
  retryDelay,
  shouldWarn,
} from "./events";
import { webhookUrlRules } from "./settings.server";
import { signatureHeaders } from "./signature";
import { checkWebhookUrl } from "./url";
import { appOrigin } from "../config/app-url.server";
import { configuredSecretKeys, openSecret } from "./secret-box.server";

// The webhook queue's consumer (issue #19). Each message is one event for one endpoint: signed
// (Standard Webhooks), POSTed with a 10-second timeout, following no redirect, and logged. A
// failure is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (wrangler.toml:
// max_retries = 7); after the last, Cloudflare moves the message to the dead-letter queue, whose
// consumer marks the event failed. Twenty failures in a row, or one 410 Gone, disable the
// endpoint; its workspace's owner is e-mailed at 5, 10 and 15 failures and when it is disabled.

interface Answer {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  response: string | null;
}

/** Reads at most the first 2 KB of an answer's body, then stops. */
async function answerStart(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_LOG_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return firstBytes(new TextDecoder().decode(bytes));
}

/**
 * The secrets that sign now: the current one, and the previous one during a rotation; opened from
 * their encrypted form at rest (secret-box.server.ts).
 */
async function signingSecrets(endpoint: WebhookEndpointRecord, now: Date): Promise<string[]> {
  const previous =
    endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now
      ? [endpoint.previousSecret]
      : [];
  const keys = await configuredSecretKeys();
  return Promise.all([endpoint.secret, ...previous].map((stored) => openSecret(stored, keys)));
}

async function post(endpoint: WebhookEndpointRecord, message: WebhookMessage): Promise<Answer> {
  const started = Date.now();
  const check = checkWebhookUrl(endpoint.url, webhookUrlRules());
  if (!check.ok) return { statusCode: null, error: check.message, durationMs: 0, response: null };
  const now = new Date();
  const headers = await signatureHeaders(
    await signingSecrets(endpoint, now),
    message.eventId,
    Math.floor(now.getTime() / 1000),
    message.payload,
  );
  try {
    const response = await fetch(check.url, {
      method: "POST",
      headers: {
        ...headers,
        "Content-Type": "application/json",
        "User-Agent": "QR-Code-Creator-Webhooks/1.0",
      },
      body: message.payload,
      // A redirect could lead anywhere, also inside a network: it counts as a failure.
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const body = await answerStart(response);
    const redirected = response.status >= 300 && response.status < 400;
    return {
      statusCode: response.status,
      error: redirected ? "Redirects are not followed: answer with 2xx at this address." : null,
      durationMs: Date.now() - started,
      response: body,
    };
  } catch (cause) {
    const timedOut = cause instanceof Error && cause.name === "TimeoutError";
    return {
      statusCode: null,
      error: timedOut
        ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds.`
        : "Could not connect to the address.",
      durationMs: Date.now() - started,
      response: null,
    };
  }
}

async function tellOwner(
  db: Database,
  endpoint: WebhookEndpointRecord,
  failures: number,
  disabledBecause: string | null,
) {
  const owner = await workspaceOwnerContact(db, endpoint.workspaceId);
  if (!owner) return;
  const details = {
    locale: await recipientLocaleByEmail(db, owner.email),
    to: owner.email,
    firstName: owner.firstName,
    url: endpoint.url,
    workspaceName: owner.workspace,
    link: `${appOrigin()}/dashboard?tab=integrations`,
  };
  await sendMail(
    disabledBecause
      ? webhookDisabledMessage({ ...details, reason: disabledBecause })
      : webhookFailingMessage({ ...details, failures }),
  );
}

/** Delivers one message and decides what becomes of it: ack, retry later, or disable. */
async function deliverOne(db: Database, message: Message<WebhookMessage>): Promise<void> {
  const event = message.body;
  const found = await endpointById(db, event.endpointId);
  // Deleted or disabled since the event was queued: nothing to deliver. A workspace no longer on
  // a plan with webhooks keeps its endpoints, which get events again after an upgrade.
  if (!found) return message.ack();
  if (!found.endpoint.enabled) {
    // A retry that reaches a disabled endpoint ends here: its logged attempts say so (one may
    // have been logged "retrying" just after the endpoint was disabled).
    if (message.attempts > 1) await markEventFailed(db, found.endpoint.id, event.eventId);
    return message.ack();
  }
  if (PLANS[effectivePlan(found.owner, new Date())].capabilities.webhookEndpointLimit === 0) {
    return message.ack();
  }
  // Staff suspended the workspace (issue #31): its events are not sent, then or after the lift.
  if (found.workspaceSuspendedAt) return message.ack();
  const endpoint = found.endpoint;
  const answer = await post(endpoint, event);
  const attempt = {
    endpointId: endpoint.id,
    eventId: event.eventId,
    eventType: event.type,
    payload: event.payload,
    attempt: message.attempts,
    ...answer,
  };
  const delivered = answer.error === null && answer.statusCode! >= 200 && answer.statusCode! < 300;
  if (delivered) {
    await logDelivery(db, { ...attempt, outcome: "delivered" });
    await resetFailures(db, endpoint.id);
    return message.ack();
  }
  const failures = await countFailure(db, endpoint.id);
  const disabledBecause =
    answer.statusCode === 410
      ? DISABLED_GONE
      : failures >= DISABLE_AFTER_FAILURES
        ? DISABLED_FAILING
        : null;
  if (disabledBecause) {
    await logDelivery(db, { ...attempt, outcome: "disabled" });
    // Several messages of a batch can get here at once: one disables, and one e-mail goes.
    const now = new Date();
    const retryingSince = new Date(now.getTime() - RETRYING_WINDOW_MS);
    if (await disableEndpoint(db, endpoint.id, disabledBecause, now, retryingSince)) {
      log("warn", "webhook_endpoint_disabled", { endpointId: endpoint.id, failures });
      await tellOwner(db, endpoint, failures, disabledBecause);
    }
    return message.ack();
  }
  await logDelivery(db, { ...attempt, outcome: "retrying" });
  if (shouldWarn(failures)) await tellOwner(db, endpoint, failures, null);
  // After the last retry, retry() hands the message to the dead-letter queue.
  const delay = retryDelay(message.attempts);
  log("warn", "webhook_retry", {
    endpointId: endpoint.id,
    attempt: message.attempts,
    failures,
    delaySeconds: delay,
  });
  noteQueueFailure(message, answer.error ?? `The endpoint answered ${answer.statusCode}`);
  message.retry(delay === null ? undefined : { delaySeconds: delay });
}

/** The webhook queue's consumer: the batch's messages are delivered side by side. */
export async function deliverWebhookBatch(
  batch: MessageBatch<WebhookMessage>,
  d1: D1Database,
): Promise<void> {
  const db = createDatabase(d1);
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await deliverOne(db, message);
      } catch (cause) {
        // Our own failure (storage), not the receiver's: try again on the same schedule.
        log("error", "webhook_delivery_error", {
          endpointId: message.body.endpointId,
          ...describeError(cause),
        });
        const delay = retryDelay(message.attempts);
        noteQueueFailure(message, cause);
        message.retry(delay === null ? undefined : { delaySeconds: delay });
      }
    }),
  );
}

/** The dead-letter queue: every attempt failed, so the event is marked failed in the log. */
export async function recordDeadWebhooks(
  batch: MessageBatch<WebhookMessage>,
  d1: D1Database,
): Promise<void> {
  const db = createDatabase(d1);
  for (const message of batch.messages) {
    try {
      await markEventFailed(db, message.body.endpointId, message.body.eventId);
      log("error", "webhook_dead_letter", {
        endpointId: message.body.endpointId,
        eventId: message.body.eventId,
        attempts: MAX_ATTEMPTS,
      });
      message.ack();
    } catch (cause) {
      log("error", "webhook_dead_letter_error", describeError(cause));
      noteQueueFailure(message, cause);
      message.retry();
    }
  }
}
