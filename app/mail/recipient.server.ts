import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { users } from "../db/schema";
import type { Locale } from "../i18n/locales";
import { recipientLocale } from "./templates";

// E-mails go out in the recipient's language (issue #32). Senders that hold the user's record
// use `recipientLocale(user.language)`; these are for senders that hold only an address.

function accountLanguage(db: Database, email: string) {
  return db.select({ language: users.language }).from(users).where(eq(users.email, email)).get();
}

/** The language of the account behind `email`: the one it chose, else English. */
export async function recipientLocaleByEmail(db: Database, email: string): Promise<Locale> {
  return recipientLocale((await accountLanguage(db, email))?.language);
}

/**
 * An invitation's language: the invitee's account's when they have one, else the language of
 * the page the inviter sent it from (the person they invite likely reads it too).
 */
export async function inviteeLocale(
  db: Database,
  email: string,
  inviterPage: Locale,
): Promise<Locale> {
  const account = await accountLanguage(db, email);
  return account ? recipientLocale(account.language) : inviterPage;
}
