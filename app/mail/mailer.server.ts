import { env } from "cloudflare:workers";
import { createDatabase } from "../db/client.server";
import { describeError, log } from "../observability/log.server";
import { recordMailFailure } from "../operations/bookkeeping.server";
import { headerSafe, type MailMessage, type MailOutcome } from "./message";
import { writeToOutbox } from "./outbox.server";
import { sendWithResend } from "./resend.server";
import { type MailSettings, resolveMailSettings } from "./settings";

// The one mailer port (ARCHITECTURE.md decision 11). Every e-mail of the product goes through
// sendMail. With a provider, the message joins the mail queue, whose consumer delivers it and
// retries until the provider takes it (queue.server.ts); only when the queue itself refuses is the
// provider called at once. A failure is reported, never thrown: the action that sent the mail
// has happened and stays done.

/** A message on the mail queue; `id` is its idempotency key at the provider. */
export interface QueuedMail {
  id: string;
  message: MailMessage;
}

export function getMailSettings(): MailSettings {
  const raw = env as unknown as Record<string, string | undefined>;
  return resolveMailSettings(
    {
      RESEND_API_KEY: raw.RESEND_API_KEY,
      MAIL_FROM: raw.MAIL_FROM,
      MAIL_API_BASE: raw.MAIL_API_BASE,
    },
    raw.ENVIRONMENT || "development",
  );
}

export async function sendMail(unchecked: MailMessage): Promise<MailOutcome> {
  const message = headerSafe(unchecked);
  try {
    const settings = getMailSettings();
    if (settings.provider === "outbox") {
      await writeToOutbox(createDatabase(), message);
      return "sent";
    }
    const mail: QueuedMail = { id: crypto.randomUUID(), message };
    try {
      await env.MAIL_QUEUE.send(mail);
      return "queued";
    } catch (cause) {
      log("warn", "mail_queue_refused", { subject: message.subject, ...describeError(cause) });
      await sendWithResend(settings.resend, message, mail.id);
      return "sent";
    }
  } catch (cause) {
    log("error", "mail_failed", { subject: message.subject, ...describeError(cause) });
    await recordMailFailure(createDatabase(), {
      stage: "send",
      subject: message.subject,
      error: cause,
    });
    return "failed";
  }
}
