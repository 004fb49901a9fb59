import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { getMailSettings, type QueuedMail, sendMail } from "../../../app/mail/mailer.server";
import {
  deliverMailBatch,
  MAIL_RETRY_DELAYS_S,
  recordDeadMail,
} from "../../../app/mail/queue.server";
import { verifyEmailMessage } from "../../../app/mail/templates";
import { DEFAULT_LOCALE } from "../../../app/i18n/locales";
import { cookieFrom, newPerson, postJson } from "../accounts";
import { appFetch } from "../app";

// Mail as staging and production send it: through the mail queue to Resend's API (here its
// local stand-in, tests/fakes/mail-api.ts), with the app's own client. The fake fails on purpose
// for recipients named outage…, throttled… and refused….

interface Received {
  emails: { id: string; to: string[]; subject: string; text: string; idempotencyKey: string }[];
  attempts: number;
}

async function receivedBy(to: string): Promise<Received> {
  const response = await fetch(`${env.FAKE_MAIL_CONTROL_URL}/emails?to=${encodeURIComponent(to)}`);
  return response.json<Received>();
}

let counter = 0;
function mailTo(label: string): QueuedMail {
  counter += 1;
  const to = `${label}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  return {
    id: crypto.randomUUID(),
    message: verifyEmailMessage({
      locale: DEFAULT_LOCALE,
      to,
      firstName: "Ada",
      link: "https://qr.example.com/verify",
    }),
  };
}

/**
 * Runs the queue consumer on `mails` as Cloudflare would deliver them on attempt `attempt`: what
 * it acknowledged and retried, and the delay of each retry as its log line says (the test
 * harness records that a message was retried, not after how long).
 */
async function consume(mails: QueuedMail[], attempt = 1) {
  const batch = createMessageBatch<QueuedMail>(
    "qr-code-creator-mail",
    mails.map((body) => ({ id: body.id, timestamp: Date.now(), attempts: attempt, body })),
  );
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    await deliverMailBatch(batch, getMailSettings(), env.DB);
    const result = await getQueueResult(batch, createExecutionContext());
    const delays = warn.mock.calls
      .map(
        ([line]) => JSON.parse(String(line)) as { event: string; id: string; delaySeconds: number },
      )
      .filter((line) => line.event === "mail_retry")
      .map(({ id, delaySeconds }) => ({ id, delaySeconds }));
    return { ...result, delays };
  } finally {
    warn.mockRestore();
    error.mockRestore();
  }
}

describe("a mail provider outage", () => {
  it("never undoes the action: the sign-up succeeds and its e-mail waits for retries", async () => {
    const email = `outage-signup-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await postJson("/api/auth/signup", { ...newPerson(), email });
    expect(response.status).toBe(201);
    const me = await appFetch("/api/auth/user", {
      headers: { Cookie: cookieFrom(response, "qr_session")! },
    });
    expect(me.status).toBe(200);
    // The queue's consumer tried Resend, which refused for now; nothing was delivered, and the
    // message stays queued for its next attempt rather than being lost.
    await vi.waitFor(
      async () => expect((await receivedBy(email)).attempts).toBeGreaterThanOrEqual(1),
      { timeout: 10_000, interval: 200 },
    );
    expect((await receivedBy(email)).emails).toEqual([]);
  });
});

describe("sending mail through the queue to the provider", () => {
  it("uses Resend when it is configured, and puts the message on the queue", async () => {
    expect(getMailSettings().provider).toBe("resend");
    const mail = mailTo("queued");
    expect(await sendMail(mail.message)).toBe("queued");
  });

  it("delivers a queued message to the provider within seconds, as the local queue runs it", async () => {
    const { message } = mailTo("end-to-end");
    await sendMail(message);
    await vi.waitFor(
      async () => {
        const { emails } = await receivedBy(message.to);
        expect(emails.map((email) => email.subject)).toEqual([message.subject]);
        expect(emails[0]!.text).toContain("https://qr.example.com/verify");
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it("acknowledges what the provider took, and a message delivered twice arrives once", async () => {
    const mail = mailTo("twice");
    expect((await consume([mail])).explicitAcks).toEqual([mail.id]);
    expect((await consume([mail], 2)).explicitAcks).toEqual([mail.id]);
    const { emails, attempts } = await receivedBy(mail.message.to);
    expect(attempts).toBe(2);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.idempotencyKey).toBe(mail.id);
  });

  it("retries with growing delays while the provider is down or throttling", async () => {
    const outage = mailTo("outage");
    const throttled = mailTo("throttled");
    const first = await consume([outage, throttled]);
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages).toEqual([{ msgId: outage.id }, { msgId: throttled.id }]);
    expect(first.delays).toEqual([
      { id: outage.id, delaySeconds: MAIL_RETRY_DELAYS_S[0] },
      { id: throttled.id, delaySeconds: MAIL_RETRY_DELAYS_S[0] },
    ]);
    const fourth = await consume([outage], 4);
    expect(fourth.delays).toEqual([{ id: outage.id, delaySeconds: MAIL_RETRY_DELAYS_S[3] }]);
    expect(MAIL_RETRY_DELAYS_S[3]).toBeGreaterThan(MAIL_RETRY_DELAYS_S[0]!);
    expect((await receivedBy(outage.message.to)).emails).toEqual([]);
  });

  it("does not retry a message the provider refuses for good", async () => {
    const refused = mailTo("refused");
    const result = await consume([refused]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toEqual([refused.id]);
  });

  it("records mail that reached the dead-letter queue as failed, without the address", async () => {
    const dead = mailTo("outage-dead");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const batch = createMessageBatch<QueuedMail>("qr-code-creator-mail-dlq", [
      { id: dead.id, timestamp: Date.now(), attempts: 6, body: dead },
    ]);
    await recordDeadMail(batch, env.DB);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks).toEqual([dead.id]);
    const line = JSON.parse(String(error.mock.calls[0]![0])) as Record<string, unknown>;
    error.mockRestore();
    expect(line).toMatchObject({ level: "error", event: "mail_dead_letter", id: dead.id });
    expect(JSON.stringify(line)).not.toContain(dead.message.to);
  });
});
