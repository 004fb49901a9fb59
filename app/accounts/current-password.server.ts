import { env } from "cloudflare:workers";
import type { UserRecord } from "../db/schema";
import { verifyPassword } from "../auth/password.server";

// Changing the address or the password asks for the current password again, so that a session
// left open on a shared computer is not enough to take the account over. A stolen session could
// otherwise guess at it freely: the guesses are counted per account, as sign-in attempts are.

export const WRONG_PASSWORD = "Your current password is not correct";

export type PasswordCheck = "ok" | "wrong" | "too-many";

/** "ok" also for an account without a password (Google or the developer platform only). */
export async function checkCurrentPassword(
  user: UserRecord,
  password: string | undefined,
): Promise<PasswordCheck> {
  if (!user.passwordHash) return "ok";
  const { success } = await env.AUTH_RATE_LIMITER.limit({ key: `reauth:account:${user.id}` });
  if (!success) return "too-many";
  return (await verifyPassword(password ?? "", user.passwordHash)) ? "ok" : "wrong";
}
