import type { Database } from "../db/client.server";
import { endExpiredTrials } from "../models/users.server";

// Nightly: trials past their end date are switched off in the stored state. The effective plan
// is already free by the dates (app/plans/effective.ts); this makes the stored flags agree.

/** Users updated per run at most; the rest follow the next night. */
export const TRIAL_EXPIRY_LIMIT = 1000;

export interface TrialsReport {
  trialsEnded: number;
  /** True when the limit was hit and more may remain for the next run. */
  limitReached: boolean;
}

export async function expireTrials(db: Database, now: Date): Promise<TrialsReport> {
  const trialsEnded = await endExpiredTrials(db, now, TRIAL_EXPIRY_LIMIT);
  return { trialsEnded, limitReached: trialsEnded === TRIAL_EXPIRY_LIMIT };
}
