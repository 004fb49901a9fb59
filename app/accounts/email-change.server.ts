import { TOO_MANY_ATTEMPTS } from "../auth/accounts.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import type { MailOutcome } from "../mail/message";
import {
  emailChangeConfirmMessage,
  emailChangeNoticeMessage,
  recipientLocale,
} from "../mail/templates";
import { changeEmail } from "../models/account.server";
import {
  checkToken,
  consumeToken,
  issueToken,
  pendingToken,
  tokensIssuedSince,
} from "../models/account-tokens.server";
import { rememberTrial, trialAddressHash } from "../models/trial-addresses.server";
import {
  EmailTakenError,
  findUserByEmail,
  findUserById,
  normalizeEmail,
} from "../models/users.server";
import { SAME_EMAIL } from "./schemas";
import { checkCurrentPassword, WRONG_PASSWORD } from "./current-password.server";

// Changing the address an account signs in with. The change is only asked for here: a link goes
// to the new address, and the address changes when that link is confirmed (a POST, since mail
// scanners open links). The old address hears of it, so a hijacked session cannot move the
// account away quietly.

export const EMAIL_TAKEN = "An account with this email already exists.";
export const TOO_MANY_LINKS =
  "You asked for several links in the last hour. Please wait a while before asking again.";
export const NOTHING_PENDING =
  "There is no address change waiting to be confirmed. Ask for it again below.";

/** Links to a new address per account and hour: enough for typos, too few to spam with. */
const LINKS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export type EmailChangeRequest =
  | { ok: true; to: string; delivery: MailOutcome }
  | {
      ok: false;
      status: 400 | 404 | 409 | 429;
      field: "newEmail" | "currentPassword" | null;
      message: string;
    };

const confirmLink = (origin: string, token: string) =>
  `${origin}/account/confirm-email?token=${encodeURIComponent(token)}`;

/** Issues a fresh link to `to` (withdrawing earlier ones) and sends it, unless too many went. */
async function sendConfirmation(
  db: Database,
  user: UserRecord,
  to: string,
  origin: string,
  now: Date,
): Promise<EmailChangeRequest> {
  const recent = await tokensIssuedSince(
    db,
    user.id,
    "change_email",
    new Date(now.getTime() - HOUR_MS),
  );
  if (recent.count >= LINKS_PER_HOUR) {
    return { ok: false, status: 429, field: null, message: TOO_MANY_LINKS };
  }
  const token = await issueToken(db, { userId: user.id, purpose: "change_email", email: to }, now);
  const delivery = await sendMail(
    emailChangeConfirmMessage({
      locale: recipientLocale(user.language),
      to,
      firstName: user.firstName,
      link: confirmLink(origin, token),
    }),
  );
  return { ok: true, to, delivery };
}

export async function requestEmailChange(
  db: Database,
  user: UserRecord,
  input: { newEmail: string; currentPassword?: string },
  origin: string,
  now = new Date(),
): Promise<EmailChangeRequest> {
  const to = normalizeEmail(input.newEmail);
  const password = await checkCurrentPassword(user, input.currentPassword);
  if (password === "too-many") {
    return { ok: false, status: 429, field: null, message: TOO_MANY_ATTEMPTS };
  }
  if (password === "wrong") {
    return { ok: false, status: 400, field: "currentPassword", message: WRONG_PASSWORD };
  }
  if (to === user.email) return { ok: false, status: 400, field: "newEmail", message: SAME_EMAIL };
  if (await findUserByEmail(db, to)) {
    return { ok: false, status: 409, field: "newEmail", message: EMAIL_TAKEN };
  }
  const sent = await sendConfirmation(db, user, to, origin, now);
  if (sent.ok) {
    // A notice only: its failure changes nothing (ARCHITECTURE.md decision 11).
    await sendMail(
      emailChangeNoticeMessage({
        locale: recipientLocale(user.language),
        to: user.email,
        firstName: user.firstName,
        newEmail: to,
      }),
    );
  }
  return sent;
}

/** "Send again": a new link to the address waiting to be confirmed. */
export async function resendEmailChange(
  db: Database,
  user: UserRecord,
  origin: string,
  now = new Date(),
): Promise<EmailChangeRequest> {
  const pending = await pendingToken(db, user.id, "change_email", now);
  if (!pending) return { ok: false, status: 404, field: null, message: NOTHING_PENDING };
  return sendConfirmation(db, user, pending.email, origin, now);
}

/** Why a confirmation link does not work; `taken`: the address found another owner meanwhile. */
export type LinkProblem = "invalid" | "used" | "expired" | "withdrawn" | "taken";

export const LINK_STATUS: Record<LinkProblem, 400 | 409 | 410> = {
  invalid: 400,
  used: 410,
  expired: 410,
  withdrawn: 410,
  taken: 409,
};

/** What the confirmation page shows before anything changes. */
export async function readEmailChangeLink(
  db: Database,
  token: string | null,
  now = new Date(),
): Promise<{ ok: true; email: string } | { ok: false; reason: LinkProblem }> {
  const check = await checkToken(db, token, "change_email", now);
  return check.ok ? { ok: true, email: check.token.email } : check;
}

/**
 * Spends the link and moves the account it was issued for (whoever is signed in here) to the
 * new address, which the click has proven and is therefore verified.
 */
export async function confirmEmailChange(
  db: Database,
  token: string | null,
  now = new Date(),
): Promise<
  { ok: true; userId: string; email: string } | { ok: false; reason: LinkProblem; email?: string }
> {
  const spent = await consumeToken(db, token, "change_email", now);
  if (!spent.ok) return spent;
  const { userId, email } = spent.token;
  const owner = await findUserByEmail(db, email);
  if (owner && owner.id !== userId) return { ok: false, reason: "taken", email };
  const before = await findUserById(db, userId);
  try {
    await changeEmail(db, userId, email, now);
  } catch (error) {
    if (error instanceof EmailTakenError) return { ok: false, reason: "taken", email };
    throw error;
  }
  // A trial taken under the old address counts for the new one too (one trial per address),
  // and stays with the old one: a trial from before the record was kept is recorded only here.
  await db.batch([
    rememberTrial(db, userId, await trialAddressHash(email)),
    ...(before ? [rememberTrial(db, userId, await trialAddressHash(before.email))] : []),
  ]);
  return { ok: true, userId, email };
}
