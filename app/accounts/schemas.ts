import { emailAddress, newPassword, personName } from "../auth/schemas";
import { validTimeZone } from "../dates/format";
import { PASSKEY_INTENTS } from "../security/passkey-schemas";
import { z } from "../validation/zod";

// The forms of /account, shared by Conform in the browser and the actions on the server. Rules
// that need the database (the current password, an address already taken) are the server's.

/** Every form on the page says which one it is; the action dispatches on it. */
export const ACCOUNT_INTENTS = [
  "profile",
  "time-zone",
  "email",
  "resend-email",
  "password",
  "sign-out-everywhere",
  "delete",
  "end-session",
  "sign-out-others",
  "two-factor",
  ...PASSKEY_INTENTS,
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const profileSchema = z.object({
  firstName: personName("First name is required"),
  lastName: personName("Last name is required"),
});

export const timeZoneSchema = z.object({
  timeZone: z
    .string({ error: "Choose your time zone" })
    .max(64, "Choose a time zone from the list")
    .refine((zone) => validTimeZone(zone) !== null, "Choose a time zone from the list"),
});

const currentPassword = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(200, "Please use at most 200 characters");

export const SAME_EMAIL = "This is already your e-mail address.";

/** A new address; the current password too when the account has one. */
export function emailChangeSchema(account: { email: string; hasPassword: boolean }) {
  return z.object({
    newEmail: emailAddress.refine(
      (value) => value.toLowerCase() !== account.email.toLowerCase(),
      SAME_EMAIL,
    ),
    currentPassword: account.hasPassword ? currentPassword : z.string().optional(),
  });
}

/** Changing a password needs the current one; setting the first one (Google only) does not. */
export function passwordSchema(account: { hasPassword: boolean }) {
  return z.object({
    currentPassword: account.hasPassword ? currentPassword : z.string().optional(),
    newPassword,
  });
}

export const confirmationMessage = (email: string) =>
  `Type your account's e-mail address, ${email}, to confirm.`;

/** Said on the page and by the server when a passwordless account's sign-in is too old. */
export const STALE_SIGN_IN =
  "To delete your account, sign in again first: your last sign-in is more than 5 minutes old.";

/**
 * Deleting the account: the person types its address, so that it is never one stray click, and
 * the password when the account has one (without one, a fresh sign-in: the server's rule).
 */
export function deletionSchema(account: { email: string; hasPassword: boolean }) {
  const { email } = account;
  return z.object({
    confirmEmail: z
      .string({ error: confirmationMessage(email) })
      .trim()
      .refine((value) => value.toLowerCase() === email.toLowerCase(), confirmationMessage(email)),
    currentPassword: account.hasPassword ? currentPassword : z.string().optional(),
  });
}

/** Why a one-time link stopped working before its time (issue #27): said on each link's page. */
export const LINK_WITHDRAWN =
  "The account's e-mail address or password changed after this link was sent, so the link was withdrawn. Ask for a new one.";
