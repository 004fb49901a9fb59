import type { SubmissionResult } from "@conform-to/react";
import type { AuthProvider } from "../db/schema";
import type { PasskeySettings } from "../security/passkey-schemas";
import type { AccountIntent } from "./schemas";

// What /account's loader and action hand to the page (and its components, in the browser).

export interface AccountView {
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  hasPassword: boolean;
  /** A new address that changes when the link sent to it is opened. */
  pendingEmail: { to: string; expiresAt: string } | null;
  signIns: { provider: AuthProvider; label: string; connectedAt: string }[];
  /** The codes in the workspaces the person owns: deleting the account deletes them. */
  savedCodes: number;
  /** An account without a password whose sign-in is too old to delete it: where to sign in. */
  signInAgain: { href: string; label: string } | null;
  /** The name of a paid plan whose subscription deleting the account would end at once. */
  subscribedPlan: string | null;
  passkeys: PasskeySettings;
}

/** What a form gets back when it cannot go on. */
export interface AccountActionData {
  intent: AccountIntent;
  result: SubmissionResult<string[]>;
  /** An address the confirmation link could not be sent to: the page offers to send it again. */
  undelivered?: string;
}
