import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type PasskeyRecord, passkeys } from "../db/schema";

// The passkeys an account has registered (issue #31). Every query names the account, so one
// person's passkey id never reaches another's.

export type NewPasskey = Omit<PasskeyRecord, "lastUsedAt">;

/** True when the account can sign in with a passkey: for the two-factor step, a passkey sign-in
 *  already proves two factors (something held, and the device's PIN or biometrics). */
export async function userHasPasskey(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

export function passkeysOf(db: Database, userId: string): Promise<PasskeyRecord[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
}

export async function countPasskeys(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** A credential by its id, whoever owns it (a sign-in names the credential, not the account). */
export async function findPasskey(db: Database, id: string): Promise<PasskeyRecord | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return row ?? null;
}

export async function findOwnPasskey(
  db: Database,
  userId: string,
  id: string,
): Promise<PasskeyRecord | null> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Stores a new passkey; false when that credential is already registered (to anyone). */
export async function insertPasskey(db: Database, passkey: NewPasskey): Promise<boolean> {
  const inserted = await db
    .insert(passkeys)
    .values(passkey)
    .onConflictDoNothing({ target: passkeys.id })
    .returning({ id: passkeys.id });
  return inserted.length === 1;
}

export async function renamePasskey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<boolean> {
  const renamed = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return renamed.length === 1;
}

/** Deletes the account's passkey; the removed row, or null when it was not theirs. */
export async function deletePasskey(
  db: Database,
  userId: string,
  id: string,
): Promise<PasskeyRecord | null> {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return removed ?? null;
}

/**
 * Records a sign-in: the authenticator's new counter and when. Only if the counter is still the
 * one the check was made against, so two sign-ins racing with one counter value cannot both pass.
 */
export async function recordPasskeyUse(
  db: Database,
  passkey: PasskeyRecord,
  newCounter: number,
  backedUp: boolean,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, backedUp, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return updated.length === 1;
}
