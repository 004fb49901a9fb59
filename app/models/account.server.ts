import { and, asc, eq, ne, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  type AuthProvider,
  authIdentities,
  billingEvents,
  invoices,
  qrCodes,
  qrDownloads,
  users,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import { withdrawTokens } from "./account-tokens.server";
import { EmailTakenError, isUniqueViolation, normalizeEmail } from "./users.server";

// What a person changes about their own account on /account, and the account's deletion.

export interface Identity {
  provider: AuthProvider;
  connectedAt: Date;
}

/** The ways the user signs in, oldest first. */
export async function identitiesOf(db: Database, userId: string): Promise<Identity[]> {
  return db
    .select({ provider: authIdentities.provider, connectedAt: authIdentities.createdAt })
    .from(authIdentities)
    .where(eq(authIdentities.userId, userId))
    .orderBy(asc(authIdentities.createdAt))
    .all();
}

/** The zone the person's dates and analytics are shown in (an IANA name already checked). */
export async function setTimeZone(db: Database, userId: string, zone: string, now = new Date()) {
  await db.update(users).set({ timeZone: zone, updatedAt: now }).where(eq(users.id, userId));
}

/** The language the person's pages and e-mails use (a code of i18n/locales.ts, already checked). */
export async function setLanguage(db: Database, userId: string, code: string, now = new Date()) {
  await db.update(users).set({ language: code, updatedAt: now }).where(eq(users.id, userId));
}

export async function renameUser(
  db: Database,
  userId: string,
  name: { firstName: string; lastName: string },
  now = new Date(),
) {
  await db
    .update(users)
    .set({ ...name, updatedAt: now })
    .where(eq(users.id, userId));
}

/**
 * Stores a new password hash and signs out every session that started before `now` (as
 * revokeSessions does), in one statement. An account that had no password (Google or the
 * developer platform only) gains the e-mail sign-in too. Every one-time link still out is
 * withdrawn: a reset or address-change link sent before cannot undo the new password.
 */
export async function replacePassword(
  db: Database,
  userId: string,
  passwordHash: string,
  now = new Date(),
) {
  await db.batch([
    db
      .update(users)
      .set({ passwordHash, sessionsRevokedAt: now, updatedAt: now })
      .where(eq(users.id, userId)),
    // An e-mail identity's provider id is the user's id (createUser), not the address, so it
    // stays right when the address changes.
    db
      .insert(authIdentities)
      .values({ provider: "email", providerId: userId, userId, createdAt: now })
      .onConflictDoNothing(),
    withdrawTokens(db, userId, now),
  ]);
}

/**
 * Moves the account to `email` (proven by a link sent there, so it is verified), withdrawing
 * every one-time link still out: a reset link sent to the old address must not set a password
 * for the new one. Raises EmailTakenError when another account has it, also when it took it a
 * moment ago.
 */
export async function changeEmail(db: Database, userId: string, email: string, now = new Date()) {
  try {
    await db.batch([
      db
        .update(users)
        .set({ email: normalizeEmail(email), emailVerified: true, updatedAt: now })
        .where(eq(users.id, userId)),
      withdrawTokens(db, userId, now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

/** The payment events recorded for the user, oldest first. */
export async function billingEventsOf(db: Database, userId: string) {
  return db
    .select({ type: billingEvents.type, receivedAt: billingEvents.receivedAt })
    .from(billingEvents)
    .where(eq(billingEvents.userId, userId))
    .orderBy(asc(billingEvents.receivedAt))
    .all();
}

/**
 * Deletes the user's row in one atomic batch. The schema's cascades take the sign-ins, codes
 * (with their downloads and scans) and one-time links; tracked links stay with no code, so a
 * printed code answers "deleted". What stays elsewhere forgets whose it was: the payment events
 * (kept for the accounts) and the user's downloads of other people's public codes.
 */
export async function deleteUserRows(db: Database, userId: string) {
  const owned = db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.ownerId, userId));
  await db.batch([
    // Codes the person made in other people's workspaces belong to those workspaces: they stay,
    // recorded as their owner's.
    db
      .update(qrCodes)
      .set({
        userId: sql`(SELECT w.owner_id FROM workspaces w WHERE w.id = ${qrCodes.workspaceId})`,
      })
      .where(and(eq(qrCodes.userId, userId), notInArray(qrCodes.workspaceId, owned))),
    // The person's own workspaces go with their codes, members, invitations and audit log.
    db.delete(workspaces).where(eq(workspaces.ownerId, userId)),
    db.update(billingEvents).set({ userId: null }).where(eq(billingEvents.userId, userId)),
    db.update(qrDownloads).set({ userId: null }).where(eq(qrDownloads.userId, userId)),
    // The provider keeps its own invoices for the accounts; the copies here go with the account.
    db.delete(invoices).where(eq(invoices.userId, userId)),
    db.delete(users).where(eq(users.id, userId)),
  ]);
}

/** How many codes deleting the account deletes: those in every workspace the person owns. */
export async function codesInOwnedWorkspaces(db: Database, userId: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(qrCodes)
    .innerJoin(workspaces, eq(workspaces.id, qrCodes.workspaceId))
    .where(eq(workspaces.ownerId, userId))
    .get();
  return row?.n ?? 0;
}

/** The ids of every workspace the user owns (they go with the account). */
export async function ownedWorkspaceIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.ownerId, userId))
    .all();
  return rows.map((row) => row.id);
}

/**
 * The workspaces the user owns that other people belong to: deleting the account would take
 * their work away, so those members go (or the workspace is handed over) first.
 */
export async function ownedWorkspacesWithOthers(db: Database, userId: string) {
  return db
    .selectDistinct({ name: workspaces.name })
    .from(workspaces)
    .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
    .where(and(eq(workspaces.ownerId, userId), ne(workspaceMembers.userId, userId)))
    .all();
}

/** The workspaces of other owners the user belongs to, with each owner (for notices). */
export async function othersWorkspacesOf(db: Database, userId: string) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      owner: { id: users.id, email: users.email, firstName: users.firstName },
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(and(eq(workspaceMembers.userId, userId), ne(workspaces.ownerId, userId)))
    .all();
}
