import type { z } from "./zod";

// Values that can reach an e-mail's subject or its sender's name (issue #27, item 8): a support
// subject of "Help\r\nBcc: …" must never become a header. Forms refuse control characters with a
// message (this rule); the mailer strips them again as a last line (app/mail/message.ts).

/** C0 and C1 control characters (line breaks, tabs, NUL, ESC…) and the Unicode line separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export const CONTROL_CHARACTERS_MESSAGE =
  "Please write this on one line, without line breaks, tabs or other control characters.";

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** Every run of control characters as one space, for the header a value ends up in. */
export function withoutControlCharacters(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
}

/** The shared zod rule: `schema`, refusing control characters with a message. */
export function oneLine<T extends z.ZodType<string>>(
  schema: T,
  message = CONTROL_CHARACTERS_MESSAGE,
) {
  return schema.refine((value) => !hasControlCharacters(value), message);
}
