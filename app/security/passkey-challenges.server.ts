import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type PasskeyPurpose, passkeyChallenges } from "../db/schema";
import { signedCookie } from "./cookies.server";

// A passkey ceremony's challenge (issue #31): random, stored server-side, answered once, dead
// after 5 minutes. It is bound twice: to the browser that asked for it (a signed cookie holds
// it, so a challenge fetched elsewhere is useless here), and, when adding a passkey, to the
// signed-in account. D1 deletes it in the same statement that reads it, so a replayed answer
// finds nothing.

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const COOKIE = "qr_passkey";

const cookieFor = (request: Request) =>
  signedCookie(COOKIE, request, { maxAge: CHALLENGE_TTL_MS / 1000 });

/** Stores `challenge` for `purpose` (and the account) and returns the cookie binding it. */
export async function issueChallenge(
  db: Database,
  request: Request,
  challenge: string,
  purpose: PasskeyPurpose,
  userId: string | null,
  now = new Date(),
): Promise<string> {
  await db.batch([
    // The sweep keeps the table to the last 5 minutes' ceremonies.
    db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now)),
    db.insert(passkeyChallenges).values({
      challenge,
      purpose,
      userId,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    }),
  ]);
  return cookieFor(request).serialize(challenge);
}

export type ChallengeProblem = "other-browser" | "expired";

/**
 * Uses up the challenge that `answered` names: it must be the one this browser was given, for
 * `purpose` and the account, and unexpired. Once this browser has answered it, it is gone.
 */
export async function consumeChallenge(
  db: Database,
  request: Request,
  answered: string,
  purpose: PasskeyPurpose,
  userId: string | null,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; problem: ChallengeProblem }> {
  const given: unknown = await cookieFor(request).parse(request.headers.get("Cookie"));
  if (given !== answered) return { ok: false, problem: "other-browser" };
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, answered),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return row ? { ok: true } : { ok: false, problem: "expired" };
}

/** The Set-Cookie header that forgets the browser's challenge once it has been answered. */
export function clearChallengeCookie(request: Request): Promise<string> {
  return cookieFor(request).serialize("", { maxAge: 0 });
}
