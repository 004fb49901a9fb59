import { oneLine } from "../validation/one-line";
import { z } from "../validation/zod";
import { SUPPORT_CATEGORY_IDS } from "./categories";

// The forms of /support and the staff inbox, shared by Conform in the browser and the actions on
// the server. Plain text only: messages are stored as typed and always shown escaped.

export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5000;
/** A support form's post is refused unread above 64 KB (a message and its few fields fit). */
export const SUPPORT_FORM_TOO_LARGE = `The form is larger than 64 KB. Please keep the message under ${MESSAGE_MAX.toLocaleString("en-US")} characters.`;

const message = z
  .string({ error: "Write your message" })
  .trim()
  .min(1, "Write your message")
  .max(
    MESSAGE_MAX,
    `Please keep the message under ${MESSAGE_MAX.toLocaleString("en-US")} characters`,
  );

export const CODE_CHOICE = "Choose one of this workspace's codes, or none.";

export const newTicketSchema = z.object({
  subject: oneLine(
    z
      .string({ error: "Give your request a subject" })
      .trim()
      .min(1, "Give your request a subject")
      .max(SUBJECT_MAX, `Please keep the subject under ${SUBJECT_MAX} characters`),
  ),
  category: z.enum(SUPPORT_CATEGORY_IDS, { error: "Choose what your request is about" }),
  /** A saved code of the current workspace, or none. */
  code: z.coerce.number({ error: CODE_CHOICE }).int(CODE_CHOICE).positive(CODE_CHOICE).optional(),
  message,
});

export const replySchema = z.object({ message });

export const SUPPORT_INTENTS = ["reply", "close"] as const;
export type SupportIntent = (typeof SUPPORT_INTENTS)[number];
