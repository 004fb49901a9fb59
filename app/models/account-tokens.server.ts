import { and, desc, eq, gt, gte, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type AccountTokenRecord, accountTokens, type TokenPurpose, users } from "../db/schema";
import { sha256Hex } from "../security/sha256";
import { bytesToBase64Url } from "../qr/base64";

// One-time links sent by e-mail (verification, password reset, e-mail change). The link carries
// 32 random bytes; only their SHA-256 is stored, so the database alone opens no account. A token
// is spent by one conditional UPDATE, so two clicks at once cannot both succeed.
//
// A link is bound to its account and to the address it was sent to (issue #27): a reset or
// verification link works only while the account still has that address, and changing the
// address or the password withdraws every link still out (withdrawTokens).

const HOUR = 60 * 60 * 1000;

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 48 * HOUR,
  reset_password: 1 * HOUR,
  change_email: 24 * HOUR,
};

export function hashToken(token: string): Promise<string> {
  return sha256Hex(token);
}

/** 32 random bytes, base64url: what a one-time link carries (store only its hashToken). */
export function newToken(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Only a token of the right shape is looked up at all. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isTokenShaped(token: string | null | undefined): token is string {
  return typeof token === "string" && TOKEN_SHAPE.test(token);
}

/**
 * A new link for `purpose`. For a password reset or an e-mail change only the newest link works:
 * asking again withdraws the earlier ones. Returns the token to put in the link (never stored).
 */
export async function issueToken(
  db: Database,
  input: { userId: string; purpose: TokenPurpose; email: string },
  now = new Date(),
): Promise<string> {
  const token = newToken();
  const insert = db.insert(accountTokens).values({
    tokenHash: await hashToken(token),
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]),
  });
  if (input.purpose === "verify_email") {
    await insert;
  } else {
    await db.batch([
      db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.userId, input.userId),
            eq(accountTokens.purpose, input.purpose),
            isNull(accountTokens.usedAt),
          ),
        ),
      insert,
    ]);
  }
  return token;
}

export type TokenCheck =
  | { ok: true; token: AccountTokenRecord }
  | { ok: false; reason: "invalid" | "used" | "expired" | "withdrawn" };

/**
 * The statement (for a batch) that withdraws every link of the account still out: run with
 * every change of its address or password, so a link sent before cannot undo or outlive it.
 */
export function withdrawTokens(db: Database, userId: string, now: Date) {
  return db
    .update(accountTokens)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.withdrawnAt),
      ),
    );
}

/**
 * True while the link's account still has the address the link was sent to. An e-mail change
 * link is sent to the new address, so for it the withdrawal on every change does the binding.
 */
const sentToCurrentAddress = or(
  eq(accountTokens.purpose, "change_email"),
  eq(
    accountTokens.email,
    sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${accountTokens.userId})`,
  ),
);

async function explain(
  db: Database,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenCheck> {
  const found = await db
    .select({ token: accountTokens, bound: sql<number>`${sentToCurrentAddress}` })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
    .get();
  if (!found) return { ok: false, reason: "invalid" };
  const row = found.token;
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.withdrawnAt || !found.bound) return { ok: false, reason: "withdrawn" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, token: row };
}

/** Whether `token` would still work, without spending it (to show a form first). */
export async function checkToken(
  db: Database,
  token: string | null,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<TokenCheck> {
  if (!isTokenShaped(token)) return { ok: false, reason: "invalid" };
  return explain(db, await hashToken(token), purpose, now);
}

/** Spends `token`: it works once, before it expires; afterwards the reason it does not. */
export async function consumeToken(
  db: Database,
  token: string | null,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<TokenCheck> {
  if (!isTokenShaped(token)) return { ok: false, reason: "invalid" };
  const tokenHash = await hashToken(token);
  const spent = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.withdrawnAt),
        gt(accountTokens.expiresAt, now),
        sentToCurrentAddress,
      ),
    )
    .returning()
    .get();
  return spent ? { ok: true, token: spent } : explain(db, tokenHash, purpose, now);
}

/** How many links of `purpose` were sent to this user since `since` (for rate limits). */
export async function tokensIssuedSince(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  since: Date,
): Promise<{ count: number; latest: Date | null }> {
  const rows = await db
    .select({ createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gte(accountTokens.createdAt, since),
      ),
    )
    .all();
  const latest = rows.reduce<Date | null>(
    (newest, row) => (newest && newest > row.createdAt ? newest : row.createdAt),
    null,
  );
  return { count: rows.length, latest };
}

/** The newest link of `purpose` that still works (e.g. an e-mail change awaiting its click). */
export async function pendingToken(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<AccountTokenRecord | null> {
  const row = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.withdrawnAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .get();
  return row ?? null;
}
