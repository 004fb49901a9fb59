import { z } from "../validation/zod";

// Passkeys (issue #31): the forms of /account's Passkeys section and what the pages say, shared
// by the browser and the server. Pure.

/** The most passkeys one account keeps: enough for every device a person owns. */
export const PASSKEYS_PER_ACCOUNT = 20;

export const PASSKEY_NAME_MAX = 50;

export const passkeyName = z
  .string({ error: "Give the passkey a name" })
  .trim()
  .min(1, "Give the passkey a name")
  .max(PASSKEY_NAME_MAX, `Please use at most ${PASSKEY_NAME_MAX} characters`);

const passkeyId = z.string({ error: "Choose a passkey" }).min(1).max(1024);

const currentPassword = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(200, "Please use at most 200 characters");

export const PASSKEY_INTENTS = ["passkey-rename", "passkey-remove"] as const;
export type PasskeyIntent = (typeof PASSKEY_INTENTS)[number];

export const renamePasskeySchema = z.object({ passkeyId, name: passkeyName });

/** Removing a passkey asks for the password when the account has one (else a fresh sign-in). */
export function removePasskeySchema(account: { hasPassword: boolean }) {
  return z.object({
    passkeyId,
    currentPassword: account.hasPassword ? currentPassword : z.string().optional(),
  });
}

export const NEEDS_JAVASCRIPT = "Passkeys need JavaScript, which is off in this browser.";

export const STALE_SIGN_IN_FOR_PASSKEY =
  "To remove a passkey, sign in again first: your last sign-in is more than 5 minutes old.";

export const PASSKEY_NOT_FOUND = "That passkey is not on your account (it may have been removed).";

/** What the browser shows of a passkey on /account. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced between devices by the platform (e.g. iCloud Keychain, Google Password Manager). */
  synced: boolean;
}

export interface PasskeySettings {
  list: PasskeyView[];
  /** An account without a password whose sign-in is too old to remove one: where to sign in. */
  signInAgain: { href: string; label: string } | null;
}
