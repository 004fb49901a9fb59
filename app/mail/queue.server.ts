import { createDatabase } from "../db/client.server";
import { describeError, log } from "../observability/log.server";
import { recordMailFailure } from "../operations/bookkeeping.server";
import { noteQueueFailure } from "../operations/queue-watch.server";
import type { QueuedMail } from "./mailer.server";
import { writeToOutbox } from "./outbox.server";
import { MailDeliveryError, sendWithResend } from "./resend.server";
import type { MailSettings } from "./settings";

// The mail queue's consumer. A message the provider refuses for a passing reason (throttling,
// an outage, a timeout) is retried later with growing delays; after the queue's last retry
// (max_retries in wrangler.toml) Cloudflare moves it to the dead-letter queue, whose consumer
// records it as failed. A message refused for good (a bad address) is not retried.

/** Seconds before the 1st, 2nd, … retry: about 3 hours in all before the dead letter. */
export const MAIL_RETRY_DELAYS_S = [30, 120, 600, 1800, 7200];

export async function deliverMailBatch(
  batch: MessageBatch<QueuedMail>,
  settings: MailSettings,
  d1: D1Database,
): Promise<void> {
  for (const message of batch.messages) {
    const mail = message.body;
    try {
      if (settings.provider === "outbox") await writeToOutbox(createDatabase(d1), mail.message);
      else await sendWithResend(settings.resend, mail.message, mail.id);
      message.ack();
    } catch (cause) {
      const retryable = !(cause instanceof MailDeliveryError) || cause.retryable;
      const details = { id: mail.id, attempts: message.attempts, ...describeError(cause) };
      if (retryable) {
        const delay =
          MAIL_RETRY_DELAYS_S[Math.min(message.attempts, MAIL_RETRY_DELAYS_S.length) - 1];
        log("warn", "mail_retry", { ...details, delaySeconds: delay });
        noteQueueFailure(message, cause);
        message.retry({ delaySeconds: delay });
      } else {
        log("error", "mail_refused", details);
        await recordMailFailure(createDatabase(d1), {
          stage: "refused",
          subject: mail.message.subject,
          error: cause,
        });
        message.ack();
      }
    }
  }
}

/** The dead-letter queue: mail that never got through is recorded as failed, then dropped. */
export async function recordDeadMail(batch: MessageBatch<QueuedMail>, d1: D1Database) {
  for (const message of batch.messages) {
    log("error", "mail_dead_letter", {
      id: message.body.id,
      subject: message.body.message.subject,
    });
    await recordMailFailure(createDatabase(d1), {
      stage: "dead_letter",
      subject: message.body.message.subject,
      error: `Not delivered after ${MAIL_RETRY_DELAYS_S.length} retries`,
    });
    message.ack();
  }
}
