import { headerSafe, type MailMessage } from "./message";
import { type ResendSettings, senderAs } from "./settings";

// Resend's HTTP API (POST /emails), called with fetch: no SDK, so nothing but the request itself
// runs in the Worker. The same Idempotency-Key on every attempt of one message lets Resend drop a
// retry of a message it already took (for 24 hours), so a retry never sends a second copy.

const RESEND_API = "https://api.resend.com";
const TIMEOUT_MS = 10_000;

/** Resend did not take the message. `retryable` says whether trying later may help. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "MailDeliveryError";
  }
}

export async function sendWithResend(
  settings: ResendSettings,
  queued: MailMessage,
  idempotencyKey: string,
): Promise<string> {
  // Again here: a message queued before the mailer stripped its headers is delivered safe too.
  const message = headerSafe(queued);
  let response: Response;
  try {
    response = await fetch(`${settings.MAIL_API_BASE ?? RESEND_API}/emails`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${settings.RESEND_API_KEY}`,
        "Content-Type": "application/json",
        "Idempotency-Key": idempotencyKey,
      },
      body: JSON.stringify({
        from: message.fromName
          ? senderAs(settings.MAIL_FROM, message.fromName)
          : settings.MAIL_FROM,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (cause) {
    throw new MailDeliveryError(`Resend could not be reached: ${String(cause)}`, true);
  }
  if (response.ok) {
    const body = await response.json<{ id?: string }>().catch(() => ({ id: undefined }));
    return body.id ?? "";
  }
  const detail = await response.text().catch(() => "");
  // Throttling and Resend's own failures pass; a refused message (a bad address, a sender that
  // is not verified) would be refused again.
  const retryable = response.status === 429 || response.status >= 500;
  throw new MailDeliveryError(
    `Resend answered ${response.status}: ${detail.slice(0, 200)}`,
    retryable,
  );
}
