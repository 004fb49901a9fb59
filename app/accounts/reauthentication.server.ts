import { TOO_MANY_ATTEMPTS } from "../auth/accounts.server";
import { type SessionData, signedInAt } from "../auth/session.server";
import type { AuthProvider, UserRecord } from "../db/schema";
import { checkCurrentPassword, WRONG_PASSWORD } from "./current-password.server";
import { STALE_SIGN_IN } from "./schemas";

// Deleting the account asks the person to prove again that they are who the session says: the
// password for an account that has one, and for an account that signs in only with Google or the
// developer platform, a sign-in there that is at most a few minutes old. A session left open on a
// shared computer is then not enough to delete someone's work.

export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;

/** Where someone without a password signs in again, and the button that says so. */
export interface SignInAgain {
  href: string;
  label: string;
}

const AGAIN: Partial<Record<AuthProvider, (back: string) => SignInAgain>> = {
  google: (back) => ({ href: `/api/auth/google?redirect=${back}`, label: "Google" }),
  oidc: (back) => ({ href: `/api/login?redirect=${back}`, label: "the developer platform" }),
};

const BACK_TO_DELETE = encodeURIComponent("/account#delete");

/**
 * The provider a passwordless account signs in with again (the first it connected), coming back
 * to `back` (an encoded path; the Delete section unless another section asks).
 */
export function signInAgain(providers: AuthProvider[], back = BACK_TO_DELETE): SignInAgain {
  for (const provider of providers) {
    const again = AGAIN[provider]?.(back);
    if (again) return again;
  }
  return { href: `/auth?mode=signin&redirect=${back}`, label: "your account" };
}

export function signedInRecently(session: SessionData | null, now = Date.now()): boolean {
  return session !== null && now - signedInAt(session) <= FRESH_SIGN_IN_MS;
}

export type Reauthentication =
  | { ok: true }
  | { ok: false; status: 400 | 403 | 429; field: "currentPassword" | null; message: string };

export async function reauthenticate(
  user: UserRecord,
  session: SessionData | null,
  password: string | undefined,
  now = Date.now(),
): Promise<Reauthentication> {
  if (!user.passwordHash) {
    return signedInRecently(session, now)
      ? { ok: true }
      : { ok: false, status: 403, field: null, message: STALE_SIGN_IN };
  }
  const check = await checkCurrentPassword(user, password);
  if (check === "too-many") {
    return { ok: false, status: 429, field: null, message: TOO_MANY_ATTEMPTS };
  }
  if (check === "wrong") {
    return { ok: false, status: 400, field: "currentPassword", message: WRONG_PASSWORD };
  }
  return { ok: true };
}
