import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { trialAddresses, users } from "../db/schema";
import { keyedHash } from "../security/keyed-hash.server";

// One free trial per address, ever (issue #27 item 18). When an account's trial starts, the
// keyed hash of its address is recorded with the trial's dates, in a table with no link to users:
// deleting the account leaves it, and a new account with the same address finds its trial used.

/** The keyed hash an address is recorded under; `email` as stored (normalised). */
export function trialAddressHash(email: string): Promise<string> {
  return keyedHash("trial-address", email);
}

/** The trial an address already had, whatever account it was on, or null. */
export async function earlierTrial(
  db: Database,
  addressHash: string,
): Promise<{ start: Date; end: Date } | null> {
  const row = await db
    .select()
    .from(trialAddresses)
    .where(eq(trialAddresses.addressHash, addressHash))
    .get();
  return row ? { start: row.trialStartDate, end: row.trialEndDate } : null;
}

/**
 * The statement (for a batch) that records the account's trial, if it has had one, under
 * `addressHash`. The first record of an address stays.
 */
export function rememberTrial(db: Database, userId: string, addressHash: string) {
  return db
    .insert(trialAddresses)
    .select(
      db
        .select({
          addressHash: sql<string>`${addressHash}`.as("address_hash"),
          trialStartDate: sql<Date>`${users.trialStartDate}`.as("trial_start_date"),
          trialEndDate: sql<Date>`${users.trialEndDate}`.as("trial_end_date"),
        })
        .from(users)
        .where(
          and(eq(users.id, userId), isNotNull(users.trialStartDate), isNotNull(users.trialEndDate)),
        ),
    )
    .onConflictDoNothing();
}
