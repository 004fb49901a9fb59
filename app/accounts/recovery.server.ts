import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type UserRecord, users } from "../db/schema";
import { hashPassword } from "../auth/password.server";
import { sendMail } from "../mail/mailer.server";
import type { MailMessage, MailOutcome } from "../mail/message";
import type { Locale } from "../i18n/locales";
import {
  passwordChangedMessage,
  recipientLocale,
  resetPasswordMessage,
  verifyEmailMessage,
} from "../mail/templates";
import {
  checkToken,
  consumeToken,
  issueToken,
  type TokenCheck,
  tokensIssuedSince,
} from "../models/account-tokens.server";
import { replacePassword } from "../models/account.server";
import { findUserByEmail, findUserById, takeBackStatements } from "../models/users.server";
import { LINK_WITHDRAWN } from "./schemas";
import { appUrl } from "../config/app-url.server";

// Getting back into an account: confirming the address, and choosing a new password through a
// link sent to it. The links are one-time tokens (app/models/account-tokens.server.ts).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An absolute link on this site, for an e-mail: on APP_URL, whatever Host the request named. */
export function linkTo(path: string): string {
  return appUrl(path);
}

/**
 * Issues a one-time link of `purpose` for the account's address and e-mails it, written by
 * `message` around the link's absolute URL (`path` followed by the token).
 */
async function sendTokenLink(
  db: Database,
  request: Request,
  user: UserRecord,
  purpose: "verify_email" | "reset_password",
  path: string,
  message: (person: {
    locale: Locale;
    to: string;
    firstName: string | null;
    link: string;
  }) => MailMessage,
  now: Date,
): Promise<MailOutcome> {
  const token = await issueToken(db, { userId: user.id, purpose, email: user.email }, now);
  return sendMail(
    message({
      locale: recipientLocale(user.language),
      to: user.email,
      firstName: user.firstName,
      link: linkTo(path + token),
    }),
  );
}

/** Sends a fresh verification link to the account's address. */
export function sendVerificationEmail(
  db: Database,
  request: Request,
  user: UserRecord,
  now = new Date(),
): Promise<MailOutcome> {
  const path = "/verify-email?token=";
  return sendTokenLink(db, request, user, "verify_email", path, verifyEmailMessage, now);
}

export type ResendOutcome = { ok: true } | { ok: false; message: string };

export const RESEND_WAIT = "Please wait a minute before asking for another e-mail.";
export const RESEND_HOURLY =
  "You asked for 5 e-mails in the last hour. Please check your spam folder, or try again later.";
export const MAIL_NOT_SENT =
  "We could not send the e-mail just now. Please try again in a few minutes.";

/** "Resend e-mail" of the verification banner: at most one a minute and five an hour. */
export async function resendVerification(
  db: Database,
  request: Request,
  user: UserRecord,
  now = new Date(),
): Promise<ResendOutcome> {
  const recent = await tokensIssuedSince(
    db,
    user.id,
    "verify_email",
    new Date(now.getTime() - HOUR),
  );
  if (recent.latest && now.getTime() - recent.latest.getTime() < MINUTE) {
    return { ok: false, message: RESEND_WAIT };
  }
  if (recent.count >= 5) return { ok: false, message: RESEND_HOURLY };
  const outcome = await sendVerificationEmail(db, request, user, now);
  return outcome === "failed" ? { ok: false, message: MAIL_NOT_SENT } : { ok: true };
}

/** What a one-time link that did not work says, and the status of its page. */
export function tokenProblem(reason: Exclude<TokenCheck, { ok: true }>["reason"]): {
  status: 400 | 410;
  title: string;
  explanation?: string;
} {
  switch (reason) {
    case "used":
      return { status: 410, title: "This link has already been used" };
    case "expired":
      return { status: 410, title: "This link has expired" };
    case "withdrawn":
      return { status: 410, title: "This link no longer works", explanation: LINK_WITHDRAWN };
    default:
      return { status: 400, title: "This link is not valid" };
  }
}

export type VerifyOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: Exclude<TokenCheck, { ok: true }>["reason"] | "changed" };

/** Confirms the address the link was sent to, if the account still has that address. */
export async function verifyEmail(
  db: Database,
  token: string | null,
  now = new Date(),
): Promise<VerifyOutcome> {
  const spent = await consumeToken(db, token, "verify_email", now);
  if (!spent.ok) return spent;
  const updated = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: now })
    .where(and(eq(users.id, spent.token.userId), eq(users.email, spent.token.email)))
    .returning({ id: users.id });
  return updated.length
    ? { ok: true, userId: spent.token.userId }
    : { ok: false, reason: "changed" };
}

/** How many reset e-mails one account gets in an hour, whatever is asked. */
export const RESETS_PER_HOUR = 3;

/**
 * "Forgot password?": e-mails a reset link when the address has an account. The caller answers
 * the same either way; the work for a known address is returned to run in the background, so
 * that the answer takes as long for a known address as for an unknown one.
 */
export async function requestPasswordReset(
  db: Database,
  request: Request,
  email: string,
  now = new Date(),
): Promise<(() => Promise<unknown>) | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  return async () => {
    const recent = await tokensIssuedSince(
      db,
      user.id,
      "reset_password",
      new Date(now.getTime() - HOUR),
    );
    if (recent.count >= RESETS_PER_HOUR) return;
    const path = "/reset-password?token=";
    await sendTokenLink(db, request, user, "reset_password", path, resetPasswordMessage, now);
  };
}

/** Whether a reset link still works, without spending it (to show the form). */
export function checkResetToken(db: Database, token: string | null, now = new Date()) {
  return checkToken(db, token, "reset_password", now);
}

/**
 * Sets the new password through a reset link: the link is spent, every session of the account
 * ends, the address counts as confirmed (the link reached it), an account that signed in only
 * through Google or the developer platform gains an e-mail sign-in, and the owner is told.
 */
export async function resetPassword(
  db: Database,
  request: Request,
  token: string | null,
  password: string,
  now = new Date(),
): Promise<TokenCheck> {
  const spent = await consumeToken(db, token, "reset_password", now);
  if (!spent.ok) return spent;
  const { userId } = spent.token;
  // The link is the first proof of the address: whoever made the account, or linked a provider
  // to it, with an unverified address (pre-hijacking, issue #27 item 10) loses every way in.
  const before = await findUserById(db, userId);
  if (before && !before.emailVerified) await db.batch(takeBackStatements(db, userId, now));
  await replacePassword(db, userId, await hashPassword(password), now);
  const [user] = await db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.id, userId))
    .returning();
  if (user) {
    await sendMail(
      passwordChangedMessage({
        locale: recipientLocale(user.language),
        to: user.email,
        firstName: user.firstName,
        forgotLink: linkTo("/forgot-password"),
      }),
    );
  }
  return spent;
}
