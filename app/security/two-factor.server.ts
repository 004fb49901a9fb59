import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { appOrigin } from "../config/app-url.server";
import type { Database } from "../db/client.server";
import {
  trustedBrowsers,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  type UserRecord,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import { designSvg } from "../design/render";
import { DEFAULT_DESIGN } from "../design/schema";
import { sendMail } from "../mail/mailer.server";
import { recipientLocale, type TwoFactorChange, twoFactorChangedMessage } from "../mail/templates";
import type { AuditAction } from "../workspaces/audit-text";
import { recordAudit } from "../workspaces/audit.server";
import { keyedHash } from "./keyed-hash.server";
import {
  groupedSecret,
  matchTotp,
  newRecoveryCodes,
  newTotpKey,
  normalizeRecoveryCode,
  normalizeTotp,
  otpauthUri,
  type TwoFactorView,
} from "./two-factor";
import { openSecret, sealSecret } from "./two-factor-secret.server";

// An account's second factor (issue #31): the authenticator secret (sealed at rest), its
// recovery codes (keyed hashes), and the checks that use them up. The sign-in's second step is
// two-factor-sign-in.server.ts; /account's forms are two-factor-account.server.ts.

/**
 * Whether the account has two-factor sign-in (an authenticator app). The one question the
 * workspace policy and the password sign-in ask. A passkey does not count: it is a way in of its
 * own, and the same account's password would still sign in with one factor.
 */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.confirmedAt)))
    .get();
  return row !== undefined;
}

export async function twoFactorView(db: Database, user: UserRecord): Promise<TwoFactorView> {
  const row = await db
    .select()
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, user.id))
    .get();
  if (!row) return { state: "off" };
  if (row.confirmedAt) {
    return {
      state: "on",
      since: row.confirmedAt.toISOString(),
      recoveryCodesLeft: await unusedRecoveryCodes(db, user.id),
    };
  }
  const key = await openSecret(user.id, row.secretCiphertext);
  if (!key) return { state: "off" };
  // Shown only until the first code confirms it; drawn by our own encoder (no third party sees it).
  return {
    state: "pending",
    secret: groupedSecret(key),
    qrSvg: designSvg(otpauthUri(key, user.email), DEFAULT_DESIGN, { width: 200 }),
  };
}

/** Begins set-up with a new secret (replacing one that was never confirmed). */
export async function startSetup(db: Database, user: UserRecord, now = new Date()) {
  if (await hasSecondFactor(db, user.id)) return;
  const sealed = await sealSecret(user.id, newTotpKey());
  await db
    .insert(twoFactorSecrets)
    .values({ userId: user.id, secretCiphertext: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretCiphertext: sealed, createdAt: now, lastUsedStep: null },
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    });
}

export async function cancelSetup(db: Database, userId: string) {
  await db
    .delete(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.confirmedAt)));
}

const recoveryHash = (userId: string, code: string) =>
  keyedHash("two-factor-recovery", `${userId}:${code}`);

async function recoveryCodeRows(userId: string, codes: string[], now: Date) {
  return Promise.all(
    codes.map(async (code) => ({
      codeHash: await recoveryHash(userId, normalizeRecoveryCode(code)!),
      userId,
      createdAt: now,
    })),
  );
}

async function unusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
    .get();
  return row?.n ?? 0;
}

/** Claims the TOTP step of `code`: true once per step, so a code works once. */
async function spendTotp(db: Database, userId: string, code: string, now: Date, pending: boolean) {
  const row = await db
    .select()
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId))
    .get();
  if (!row || (row.confirmedAt === null) !== pending) return false;
  const key = await openSecret(userId, row.secretCiphertext);
  if (!key) return false;
  const step = matchTotp(key, code, now.getTime() / 1000, row.lastUsedStep);
  if (step === null) return false;
  const claimed = await db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step, ...(pending ? { confirmedAt: now } : {}) })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return claimed.length === 1;
}

/**
 * Confirms set-up with the first code from the app, and returns the recovery codes to show once;
 * null when the code is not the app's.
 */
export async function confirmSetup(
  db: Database,
  user: UserRecord,
  input: string,
  now = new Date(),
): Promise<string[] | null> {
  const code = normalizeTotp(input);
  if (!code || !(await spendTotp(db, user.id, code, now, true))) return null;
  const codes = newRecoveryCodes();
  await db.batch([
    db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    db.insert(twoFactorRecoveryCodes).values(await recoveryCodeRows(user.id, codes, now)),
  ]);
  await Promise.all([
    notify(user, "enabled"),
    auditInGuardedWorkspaces(db, user, "two_factor.enabled", now),
  ]);
  return codes;
}

/** What a code typed at a second step turned out to be: one use of it is spent. */
export type SecondFactorUse = "totp" | "recovery" | null;

/** Checks and spends a 6-digit code or a recovery code of an account with two-factor on. */
export async function spendSecondFactor(
  db: Database,
  user: UserRecord,
  input: string,
  now = new Date(),
): Promise<SecondFactorUse> {
  const totp = normalizeTotp(input);
  if (totp) return (await spendTotp(db, user.id, totp, now, false)) ? "totp" : null;
  const recovery = normalizeRecoveryCode(input);
  if (!recovery || !(await hasSecondFactor(db, user.id))) return null;
  const spent = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.codeHash, await recoveryHash(user.id, recovery)),
        eq(twoFactorRecoveryCodes.userId, user.id),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: twoFactorRecoveryCodes.codeHash });
  if (spent.length !== 1) return null;
  await notify(user, "recovery-used", await unusedRecoveryCodes(db, user.id));
  return "recovery";
}

/** New recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: Database,
  user: UserRecord,
  now = new Date(),
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.batch([
    db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    db.insert(twoFactorRecoveryCodes).values(await recoveryCodeRows(user.id, codes, now)),
  ]);
  await notify(user, "recovery-regenerated");
  return codes;
}

/** Turns two-factor sign-in off: the secret, the codes, waiting sign-ins and trusted browsers go. */
export async function disableTwoFactor(db: Database, user: UserRecord, now = new Date()) {
  await db.batch([
    db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id)),
    db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id)),
    db.delete(trustedBrowsers).where(eq(trustedBrowsers.userId, user.id)),
  ]);
  await Promise.all([
    notify(user, "disabled"),
    auditInGuardedWorkspaces(db, user, "two_factor.disabled", now),
  ]);
}

// A failed e-mail never undoes the change (ARCHITECTURE.md decision 11).
async function notify(user: UserRecord, change: TwoFactorChange, remaining?: number) {
  await sendMail(
    twoFactorChangedMessage({
      locale: recipientLocale(user.language),
      to: user.email,
      firstName: user.firstName,
      change,
      remaining,
      accountLink: `${appOrigin()}/account#two-factor`,
    }),
  );
}

/**
 * A member's own change is recorded in the workspaces that require two-factor sign-in: there it
 * decides whether they may enter, so their owners and admins see it in the log.
 */
async function auditInGuardedWorkspaces(
  db: Database,
  user: UserRecord,
  action: AuditAction,
  now: Date,
) {
  const guarded = await db
    .select({ id: workspaces.id })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, user.id), eq(workspaces.requireTwoFactor, true)))
    .all();
  for (const { id } of guarded) {
    await recordAudit(
      db,
      { workspaceId: id, actor: { id: user.id, email: user.email }, action },
      { now },
    );
  }
}
