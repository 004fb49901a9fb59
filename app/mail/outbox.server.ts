import { desc } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { mailOutbox } from "../db/schema";
import type { MailMessage } from "./message";

// The local twin of the mail provider: local runs and tests have no internet, so every e-mail is
// kept here and shown at /dev/mail.

export async function writeToOutbox(db: Database, message: MailMessage, now = new Date()) {
  await db.insert(mailOutbox).values({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    links: message.links,
    sentAt: now,
  });
}

export interface OutboxEntry extends MailMessage {
  sentAt: string;
}

/** The newest `limit` messages, newest first. */
export async function readOutbox(db: Database, limit = 100): Promise<OutboxEntry[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit).all();
  return rows.map((row) => ({
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    links: row.links,
    sentAt: row.sentAt.toISOString(),
  }));
}
