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

/** What became of a message when the action that sent it finished. */
export type MailOutcome =
  /** Handed to the provider, or written to the local outbox. */
  | "sent"
  /** Waiting in the mail queue, which retries until the provider takes it. */
  | "queued"
  /** Neither: the page should say so and offer to send it again. */
  | "failed";
