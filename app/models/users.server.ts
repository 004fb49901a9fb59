import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  apiKeys,
  type AuthProvider,
  authIdentities,
  type UserRecord,
  users,
  webhookEndpoints,
  workspaces,
} from "../db/schema";
import type { PlanId } from "../plans/catalogue";
import { withdrawTokens } from "./account-tokens.server";
import { earlierTrial, rememberTrial, trialAddressHash } from "./trial-addresses.server";
import { hasActiveSubscriptionSql } from "./effective-plan.server";
import { recordPlanChange } from "../workspaces/audit.server";
import { personalWorkspaceStatements } from "./workspaces.server";

/** Addresses are compared and stored trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists. Sign in instead.");
    this.name = "EmailTakenError";
  }
}

export async function findUserById(db: Database, id: string): Promise<UserRecord | null> {
  return (await db.select().from(users).where(eq(users.id, id)).get()) ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRecord | null> {
  const normalized = normalizeEmail(email);
  return (await db.select().from(users).where(eq(users.email, normalized)).get()) ?? null;
}

interface NewUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl?: string | null;
  provider: AuthProvider;
  providerId?: string;
  passwordHash?: string | null;
  emailVerified?: boolean;
  plan?: PlanId;
  trialDays?: number;
}

/** True for the error D1 raises when an insert or update breaks a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return /UNIQUE constraint failed/i.test(text);
}

/**
 * Creates a user, their first sign-in identity and their personal workspace in one atomic batch. A second account for the
 * same address (in any letter case, even in a race) raises EmailTakenError.
 */
export async function createUser(
  db: Database,
  input: NewUser,
  now = new Date(),
): Promise<UserRecord> {
  const id = crypto.randomUUID();
  const email = normalizeEmail(input.email);
  // An address that had its trial on an earlier account gets none again, and the new account
  // shows that trial as used (issue #27 item 18).
  const addressHash = await trialAddressHash(email);
  const earlier = await earlierTrial(db, addressHash);
  const trialEnd =
    input.trialDays && !earlier
      ? new Date(now.getTime() + input.trialDays * 24 * 60 * 60 * 1000)
      : null;
  const plan = input.trialDays && !trialEnd ? "free" : (input.plan ?? "free");
  const providerId = input.providerId ?? id;
  try {
    const [inserted] = await db.batch([
      db
        .insert(users)
        .values({
          id,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          profileImageUrl: input.profileImageUrl ?? null,
          provider: input.provider,
          providerId,
          passwordHash: input.passwordHash ?? null,
          emailVerified: input.emailVerified ?? false,
          subscriptionPlan: plan,
          trialStartDate: trialEnd ? now : (earlier?.start ?? null),
          trialEndDate: trialEnd ?? earlier?.end ?? null,
          isTrialActive: trialEnd !== null,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      db.insert(authIdentities).values({
        provider: input.provider,
        providerId,
        userId: id,
        createdAt: now,
      }),
      ...personalWorkspaceStatements(db, id, now),
      // A paid plan chosen at sign-up starts its trial: the workspace's log begins with it, and
      // the address is recorded as having had it.
      ...(trialEnd && plan !== "free"
        ? [
            recordPlanChange(db, { id, email }, { change: "trial", from: "free", to: plan }, now),
            rememberTrial(db, id, addressHash),
          ]
        : []),
    ]);
    return inserted[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

export async function findUserByIdentity(
  db: Database,
  provider: AuthProvider,
  providerId: string,
): Promise<UserRecord | null> {
  const row = await db
    .select({ user: users })
    .from(authIdentities)
    .innerJoin(users, eq(users.id, authIdentities.userId))
    .where(and(eq(authIdentities.provider, provider), eq(authIdentities.providerId, providerId)))
    .get();
  return row?.user ?? null;
}

export interface ProviderProfile {
  provider: AuthProvider;
  providerId: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** Who a provider sign-in is, and whether it took back an account that never proved its address. */
export interface ProviderSignIn {
  user: UserRecord;
  /** The account's earlier ways in (an unproven password) were removed: see below. */
  reclaimed: boolean;
}

/** Why a take-back (below) disabled a webhook endpoint, as the Integrations tab shows it. */
const TAKEN_BACK =
  "It was added before this account's e-mail address was confirmed. Check that the address is yours.";

/**
 * The statements (for a batch) that take back an account whose address was never proven, once
 * someone proves it (a provider's verified address, or a reset link the inbox received): every
 * way in, one-time link, API key and webhook endpoint made through the unproven access ends
 * (endpoints are disabled, not deleted). Sessions end with the caller's sessionsRevokedAt.
 */
export function takeBackStatements(db: Database, userId: string, now: Date) {
  return [
    db.delete(authIdentities).where(eq(authIdentities.userId, userId)),
    withdrawTokens(db, userId, now),
    // Keys made through the unproven access would outlive it (a trial allows them).
    db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt))),
    // So would webhook endpoints: a lasting feed of the account's events to whoever added them.
    // The owner sees why on the Integrations tab and can enable one that is theirs again.
    db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: TAKEN_BACK, disabledAt: now })
      .where(
        and(
          inArray(
            webhookEndpoints.workspaceId,
            db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.ownerId, userId)),
          ),
          eq(webhookEndpoints.enabled, true),
        ),
      ),
  ] as const;
}

/**
 * The user behind a provider account: the one already linked to it; else, when the provider has
 * verified the address, the account with that address (now linked); else a new account. An
 * unverified address never takes over an existing account.
 *
 * Linking to an account whose address was never confirmed closes a pre-hijacking (issue #27
 * item 10): whoever registered it first may not own the address, so the provider's proof wins.
 * Its password and every other way in are removed, every session, one-time link and API key of
 * it ends, and the address counts as verified. The owner can set a password again from /account.
 */
export async function userForProviderProfile(
  db: Database,
  profile: ProviderProfile,
  now = new Date(),
): Promise<ProviderSignIn> {
  const linked = await findUserByIdentity(db, profile.provider, profile.providerId);
  if (linked) return { user: linked, reclaimed: false };
  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    if (!profile.emailVerified) throw new EmailTakenError();
    const reclaimed = !existing.emailVerified;
    await db.batch([
      db
        .update(users)
        .set({
          emailVerified: true,
          profileImageUrl: existing.profileImageUrl ?? profile.profileImageUrl,
          updatedAt: now,
          ...(reclaimed ? { passwordHash: null, sessionsRevokedAt: now } : {}),
        })
        .where(eq(users.id, existing.id)),
      ...(reclaimed ? takeBackStatements(db, existing.id, now) : []),
      db
        .insert(authIdentities)
        .values({
          provider: profile.provider,
          providerId: profile.providerId,
          userId: existing.id,
          createdAt: now,
        })
        .onConflictDoNothing(),
    ]);
    return { user: (await findUserById(db, existing.id))!, reclaimed };
  }
  return { user: await createUser(db, { ...profile }, now), reclaimed: false };
}

/**
 * Signs out every session of the user that started before `now`, on its next request (see
 * loadUser). A session started afterwards, such as the one that made the change, stays.
 */
export async function revokeSessions(db: Database, userId: string, now = new Date()) {
  await db
    .update(users)
    .set({ sessionsRevokedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

/** What the browser may know about a user (spec section 3): never password material. */
export interface ClientUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  subscriptionPlan: PlanId;
  subscriptionStatus: string;
  isTrialActive: boolean;
  trialStartDate: string | null;
  trialEndDate: string | null;
  stripeSubscriptionId: string | null;
}

export function toClientUser(user: UserRecord): ClientUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    subscriptionPlan: user.subscriptionPlan,
    subscriptionStatus: user.subscriptionStatus,
    isTrialActive: user.isTrialActive,
    trialStartDate: user.trialStartDate?.toISOString() ?? null,
    trialEndDate: user.trialEndDate?.toISOString() ?? null,
    stripeSubscriptionId: user.stripeSubscriptionId,
  };
}

/** The demo account for `plan` (demo mode only), created on first use with that plan active. */
export async function demoUser(db: Database, plan: PlanId): Promise<UserRecord> {
  const providerId = `demo-${plan}`;
  const existing = await findUserByIdentity(db, "demo", providerId);
  if (existing) return existing;
  try {
    const user = await createUser(db, {
      email: `${providerId}@demo.qrcodecreator.app`,
      firstName: "Demo",
      lastName: plan[0]!.toUpperCase() + plan.slice(1),
      provider: "demo",
      providerId,
      emailVerified: true,
      plan,
    });
    if (plan === "free") return user;
    await db
      .update(users)
      .set({ stripeSubscriptionId: `demo_subscription_${plan}` })
      .where(eq(users.id, user.id));
    return (await findUserById(db, user.id))!;
  } catch (error) {
    // Two first demo sign-ins at once: the other one created it.
    const created = await findUserByIdentity(db, "demo", providerId);
    if (created) return created;
    throw error;
  }
}

/**
 * Clears the trial flag of up to `limit` users whose trial has ended, so the stored state agrees
 * with the effective plan (already free by the dates). The plan falls to free too, unless an
 * active paid subscription carries it. Choice, check and update are one statement (D1 has no
 * interactive transactions), so they see the same row. Returns how many trials were ended.
 */
export async function endExpiredTrials(db: Database, now: Date, limit: number): Promise<number> {
  const expired = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isTrialActive, true), lte(users.trialEndDate, now)))
    .limit(limit);
  const result = await db
    .update(users)
    .set({
      isTrialActive: false,
      subscriptionPlan: sql`CASE WHEN ${hasActiveSubscriptionSql()} THEN ${users.subscriptionPlan} ELSE 'free' END`,
      updatedAt: now,
    })
    .where(inArray(users.id, expired));
  return result.meta.changes;
}
