import type { SubmissionResult } from "@conform-to/react";
import type { TwoFactorAnswer, TwoFactorView } from "../security/two-factor";
import type { PasskeySettings } from "../security/passkey-schemas";
import type { AccountIntent } from "./schemas";
import type { SignInMethodItem } from "./sign-in-methods";

// What /account's loader and action hand to the page (and its components, in the browser).

export interface AccountView {
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  hasPassword: boolean;
  /** A new address that changes when the link sent to it is opened. */
  pendingEmail: { to: string; expiresAt: string } | null;
  /** The codes in the workspaces the person owns: deleting the account deletes them. */
  savedCodes: number;
  /** An account without a password whose sign-in is too old to delete it: where to sign in. */
  signInAgain: { href: string; label: string } | null;
  /** The name of a paid plan whose subscription deleting the account would end at once. */
  subscribedPlan: string | null;
  /** The zone kept in the account (null: none chosen), and the zones to choose from. */
  timeZone: { saved: string | null; shown: string; zones: string[] };
  /** Password, linked providers (and, later, two-factor and passkeys): app/accounts/sign-in-methods.ts. */
  signInMethods: SignInMethodItem[];
  /** The account's live sessions, this browser's first. */
  sessions: SessionItem[];
  /** Two-factor sign-in (issue #31): off, being set up, or on. */
  twoFactor: TwoFactorView;
  passkeys: PasskeySettings;
}

/** One signed-in browser on /account. */
export interface SessionItem {
  /** The row's id (the hash of the session id, never the id): what "End" posts. */
  id: string;
  device: string;
  place: string;
  /** How it signed in: "Password", "Google". */
  method: string;
  signedInAt: string;
  lastUsedAt: string;
  /** The browser looking at the page. */
  current: boolean;
}

/** What a form gets back when it cannot go on. */
export interface AccountActionData {
  intent: AccountIntent;
  result: SubmissionResult<string[]>;
  /** An address the confirmation link could not be sent to: the page offers to send it again. */
  undelivered?: string;
  /** The answer of a "Two-factor sign-in" form: a problem, or the recovery codes shown once. */
  twoFactor?: TwoFactorAnswer;
}
