import { withoutControlCharacters } from "../validation/one-line";

/** One transactional e-mail: both parts, and the links it carries (the outbox lists them). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** The sender's display name instead of MAIL_FROM's (a workspace's brand, issue #18). */
  fromName?: string;
}

/**
 * The message with every value that becomes a header (recipient, subject, sender's name) on one
 * line: the forms refuse control characters, and this is the last line behind them (issue #27).
 */
export function headerSafe(message: MailMessage): MailMessage {
  const line = (value: string) => withoutControlCharacters(value).replace(/\s+/g, " ").trim();
  return {
    ...message,
    to: line(message.to),
    subject: line(message.subject),
    ...(message.fromName === undefined ? {} : { fromName: line(message.fromName) }),
  };
}

/** What became of a message when the action that sent it finished. */
export type MailOutcome =
  /** Handed to the provider, or written to the local outbox. */
  | "sent"
  /** Waiting in the mail queue, which retries until the provider takes it. */
  | "queued"
  /** Neither: the page should say so and offer to send it again. */
  | "failed";
