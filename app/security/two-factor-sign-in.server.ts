import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { limited, TOO_MANY_ATTEMPTS } from "../auth/accounts.server";
import { redirectWithToast } from "../auth/flash.server";
import { safeRedirectPath } from "../auth/redirect";
import { NO_STORE } from "../auth/responses.server";
import { startSession } from "../auth/session.server";
import type { Database } from "../db/client.server";
import { trustedBrowsers, twoFactorChallenges, type UserRecord } from "../db/schema";
import { phrase, type Phrased } from "../i18n/phrase";
import type { Translate } from "../i18n/locale.server";
import { findUserById } from "../models/users.server";
import { signedCookie } from "./cookies.server";
import { SECOND_STEP_GONE, SECOND_STEP_TOO_MANY_CODES, secondStepWrongCode } from "./refusals";
import { sha256Hex } from "./sha256";
import { SECOND_STEP_PATH, TRUST_DAYS } from "./two-factor";
import { hasSecondFactor, spendSecondFactor } from "./two-factor.server";

// The second step of a password (or demo) sign-in for an account with two-factor sign-in on
// (issue #31). The password step starts no session: it leaves a challenge, a random token in a
// signed cookie whose hash names a row bound to the account, that lives 10 minutes, takes 5
// codes and is used once. "Trust this browser" leaves a second signed cookie, bound to the
// account and to a row that turning two-factor off, a new password or "sign out everywhere"
// revokes. Google and the developer platform rely on the provider's own second factor.

export const CHALLENGE_MINUTES = 10;
export const MAX_ATTEMPTS = 5;

const CHALLENGE_COOKIE = "qr_2fa_challenge";
const TRUST_COOKIE = "qr_2fa_trust";

const challengeCookie = (request: Request) =>
  signedCookie(CHALLENGE_COOKIE, request, { maxAge: CHALLENGE_MINUTES * 60 });
const trustCookie = (request: Request) =>
  signedCookie(TRUST_COOKIE, request, { maxAge: TRUST_DAYS * 24 * 60 * 60 });

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/={1,2}$/, "");
}

async function readCookie(
  cookie: ReturnType<typeof signedCookie>,
  request: Request,
): Promise<unknown> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${cookie.name}=`)) return null;
  return cookie.parse(header);
}

/** Whether this browser was trusted by `user` within 30 days, and still is. */
async function trustedBrowser(
  request: Request,
  db: Database,
  user: UserRecord,
  now: Date,
): Promise<boolean> {
  const value = await readCookie(trustCookie(request), request);
  if (!value || typeof value !== "object") return false;
  const { userId, token } = value as { userId?: unknown; token?: unknown };
  if (userId !== user.id || typeof token !== "string") return false;
  const row = await db
    .select({ createdAt: trustedBrowsers.createdAt })
    .from(trustedBrowsers)
    .where(
      and(
        eq(trustedBrowsers.tokenHash, await sha256Hex(token)),
        eq(trustedBrowsers.userId, user.id),
        gt(trustedBrowsers.expiresAt, now),
      ),
    )
    .get();
  // A new password (or "sign out everywhere") since then ends the trust as it ends sessions.
  return row !== undefined && !(user.sessionsRevokedAt && row.createdAt < user.sessionsRevokedAt);
}

/**
 * After a correct password: null when the sign-in may go on (no second factor, or a trusted
 * browser), else the Set-Cookie header of a new challenge for the second step.
 */
export async function secondStepChallenge(
  request: Request,
  db: Database,
  user: UserRecord,
  redirectTo: unknown,
  now = new Date(),
): Promise<string | null> {
  if (!(await hasSecondFactor(db, user.id))) return null;
  if (await trustedBrowser(request, db, user, now)) return null;
  const token = randomToken();
  await db.insert(twoFactorChallenges).values({
    tokenHash: await sha256Hex(token),
    userId: user.id,
    redirectTo: safeRedirectPath(redirectTo),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60 * 1000),
  });
  return challengeCookie(request).serialize(token);
}

/** The form sign-ins' answer when a second step is needed: on to its page. */
export function secondStepRedirect(challenge: string): Response {
  return redirect(SECOND_STEP_PATH, { status: 303, headers: { "Set-Cookie": challenge } });
}

export const SECOND_STEP_NEEDED =
  "Enter the 6-digit code from your authenticator app (or a recovery code) to finish signing in.";

/** The JSON sign-ins' answer (POST /api/auth/signin, /api/auth/demo): a 401 naming the step. */
export function secondStepJson(challenge: string): Response {
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", challenge);
  return Response.json(
    { message: SECOND_STEP_NEEDED, code: "TWO_FACTOR_REQUIRED", secondStep: SECOND_STEP_PATH },
    { status: 401, headers },
  );
}

async function challengeToken(request: Request): Promise<string | null> {
  const token = await readCookie(challengeCookie(request), request);
  return typeof token === "string" ? token : null;
}

/** The waiting sign-in this browser carries, while it can still be finished. */
export async function openChallenge(request: Request, db: Database, now = new Date()) {
  const token = await challengeToken(request);
  if (!token) return null;
  const row = await db
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, await sha256Hex(token)))
    .get();
  if (!row || row.usedAt || row.expiresAt <= now || row.attempts >= MAX_ATTEMPTS) return null;
  return { attemptsLeft: MAX_ATTEMPTS - row.attempts };
}

export type SecondStepOutcome =
  | { ok: true; user: UserRecord; redirectTo: string; cookies: string[]; recovery: boolean }
  | ({ ok: false; status: 400 | 401 | 429; restart: boolean } & Phrased);

// The account's limit on guesses speaks the words every other sign-in form uses for it.
const TOO_MANY_ATTEMPTS_SAID = {
  message: TOO_MANY_ATTEMPTS,
  phrase: phrase(`zod.${TOO_MANY_ATTEMPTS}`),
};

/** Checks a code typed at the second step; on success the session starts. */
export async function completeSecondStep(
  request: Request,
  db: Database,
  input: { code: string; trust: boolean },
  now = new Date(),
): Promise<SecondStepOutcome> {
  const gone = { ok: false, status: 401, ...SECOND_STEP_GONE, restart: true } as const;
  const tooManyCodes = {
    ok: false,
    status: 429,
    ...SECOND_STEP_TOO_MANY_CODES,
    restart: true,
  } as const;
  const token = await challengeToken(request);
  if (!token) return gone;
  const tokenHash = await sha256Hex(token);
  const found = await db
    .select({ userId: twoFactorChallenges.userId })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, tokenHash))
    .get();
  if (!found) return gone;
  // Guesses are counted per account too, across however many challenges someone starts.
  if (await limited(`two-factor:account:${found.userId}`)) {
    return { ok: false, status: 429, ...TOO_MANY_ATTEMPTS_SAID, restart: false };
  }
  const counted = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, now),
        lt(twoFactorChallenges.attempts, MAX_ATTEMPTS),
      ),
    )
    .returning();
  const challenge = counted[0];
  if (!challenge) {
    const row = await db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.tokenHash, tokenHash))
      .get();
    return row && !row.usedAt && row.expiresAt > now ? tooManyCodes : gone;
  }
  const user = await findUserById(db, challenge.userId);
  if (!user) return gone;
  const used = await spendSecondFactor(db, user, input.code, now);
  if (!used) {
    const left = MAX_ATTEMPTS - challenge.attempts;
    return left > 0
      ? { ok: false, status: 400, ...secondStepWrongCode(left), restart: false }
      : tooManyCodes;
  }
  // Used once: a second post of the same challenge (a replay) finds it spent.
  const claimed = await db
    .update(twoFactorChallenges)
    .set({ usedAt: now })
    .where(and(eq(twoFactorChallenges.tokenHash, tokenHash), isNull(twoFactorChallenges.usedAt)))
    .returning({ tokenHash: twoFactorChallenges.tokenHash });
  if (claimed.length !== 1) return gone;
  const cookies = [
    // The sessions list names how it signed in: the password and a code, or a recovery code.
    await startSession(request, user.id, used === "recovery" ? "recovery" : "password"),
    await challengeCookie(request).serialize("", { maxAge: 0 }),
  ];
  if (input.trust) cookies.push(await trustThisBrowser(request, db, user.id, now));
  return {
    ok: true,
    user,
    redirectTo: challenge.redirectTo,
    cookies,
    recovery: used === "recovery",
  };
}

async function trustThisBrowser(request: Request, db: Database, userId: string, now: Date) {
  const token = randomToken();
  await db.insert(trustedBrowsers).values({
    tokenHash: await sha256Hex(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TRUST_DAYS * 24 * 60 * 60 * 1000),
  });
  return trustCookie(request).serialize({ userId, token });
}

/**
 * The page's answer to a finished second step: on where the sign-in was going, with a message in
 * `t`'s language (the account's: the next page is a signed-in one).
 */
export function secondStepDone(
  request: Request,
  done: Extract<SecondStepOutcome, { ok: true }>,
  t: Translate,
) {
  return redirectWithToast(
    request,
    done.redirectTo,
    {
      title: t("auth.toast.welcomeBack"),
      description: t(done.recovery ? "auth.toast.recoveryCodeUsed" : "auth.toast.signedIn"),
      variant: "success",
    },
    done.cookies,
  );
}
