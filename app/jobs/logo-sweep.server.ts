import type { Database } from "../db/client.server";
import { referencedLogoKeys } from "../models/qr-codes.server";
import { LOGO_PREFIX } from "../storage/logos.server";

// Nightly: logos in R2 that no saved code uses are deleted. The generator page refers to an
// uploaded logo by its key in the URL before the code is saved, so a logo is left alone for a
// grace period after its upload (saving a code uploads its logo again, renewing the date).

/** Days an unsaved logo is kept after its upload. */
export const UNSAVED_LOGO_GRACE_DAYS = 7;
const GRACE_MS = UNSAVED_LOGO_GRACE_DAYS * 24 * 60 * 60 * 1000;

/** Where the next run carries on when a run stopped before the end of the bucket. */
export const LOGO_SWEEP_CURSOR_KEY = "jobs:logo-sweep-cursor";

export interface LogoSweepLimits {
  /** Objects per list() call (R2 returns at most 1,000). */
  pageSize: number;
  /** Objects examined per run at most. */
  maxExamined: number;
}

export const LOGO_SWEEP_LIMITS: LogoSweepLimits = { pageSize: 500, maxExamined: 1000 };

export interface LogoSweepReport {
  examined: number;
  deleted: number;
  /** True when this run reached the end of the bucket; the next one starts from the beginning. */
  passComplete: boolean;
}

export async function sweepOrphanLogos(
  db: Database,
  bucket: R2Bucket,
  kv: KVNamespace,
  now: Date,
  limits: LogoSweepLimits = LOGO_SWEEP_LIMITS,
): Promise<LogoSweepReport> {
  const uploadedBefore = now.getTime() - GRACE_MS;
  let cursor = (await kv.get(LOGO_SWEEP_CURSOR_KEY)) ?? undefined;
  let examined = 0;
  let deleted = 0;
  do {
    const page = await bucket.list({
      prefix: LOGO_PREFIX,
      cursor,
      limit: Math.min(limits.pageSize, limits.maxExamined - examined),
    });
    examined += page.objects.length;
    const old = page.objects
      .filter((object) => object.uploaded.getTime() < uploadedBefore)
      .map((object) => object.key);
    const used = await referencedLogoKeys(db, old);
    const orphans = old.filter((key) => !used.has(key));
    if (orphans.length > 0) await bucket.delete(orphans);
    deleted += orphans.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor !== undefined && examined < limits.maxExamined);
  if (cursor === undefined) await kv.delete(LOGO_SWEEP_CURSOR_KEY);
  else await kv.put(LOGO_SWEEP_CURSOR_KEY, cursor);
  return { examined, deleted, passComplete: cursor === undefined };
}
