import { adoptLogo } from "../codes/code-logo.server";
import type { Database } from "../db/client.server";
import { uploaderLogoUses } from "../models/qr-codes.server";

// Nightly, before the logo sweep: logos stored under their uploader before issue #27 are copied
// under the workspace whose codes use them, and those codes point at the copy. The uploader's
// copy, used by nothing then, goes with the sweep after its grace period. A code drawn before
// this job reaches it is adopted on the spot (app/codes/code-logo.server.ts).

/** Logo uses adopted per run at most (each is a read and a write in R2). */
export const LOGO_ADOPTIONS_PER_RUN = 200;

export async function adoptUploaderLogos(
  db: Database,
  bucket: R2Bucket,
  limit = LOGO_ADOPTIONS_PER_RUN,
): Promise<{ adopted: number; missing: number }> {
  let adopted = 0;
  let missing = 0;
  for (const use of await uploaderLogoUses(db, limit)) {
    if (await adoptLogo(db, bucket, use.key, use.workspaceId)) adopted += 1;
    else missing += 1;
  }
  return { adopted, missing };
}

/**
 * Before an account is deleted: the logos it uploaded that codes of other people's workspaces
 * use are adopted by those workspaces, so deleting the uploader's logos changes no team code.
 */
export async function adoptLogosOfLeaver(
  db: Database,
  bucket: R2Bucket,
  userId: string,
): Promise<void> {
  // Each use adopted (or dropped, its object gone) no longer matches: the loop ends.
  for (;;) {
    const uses = await uploaderLogoUses(db, 100, userId);
    if (uses.length === 0) return;
    for (const use of uses) await adoptLogo(db, bucket, use.key, use.workspaceId);
  }
}
