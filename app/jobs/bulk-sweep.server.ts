import type { Database } from "../db/client.server";
import { deleteBulkJobs, existingBulkJobIds, expiredBulkJobs } from "../models/bulk-jobs.server";
import { BULK_PREFIX } from "../bulk/jobs.server";
import { deleteUnder } from "../storage/r2.server";

// Nightly: bulk batches past their time (a finished ZIP is kept 7 days, a checked batch that was
// never started 1 day) are deleted with their files in R2; so are files whose batch is gone (its
// workspace was deleted).

export async function sweepBulkJobs(db: Database, bucket: R2Bucket, now: Date) {
  const expired = (await expiredBulkJobs(db, now)).map((job) => job.id);
  let files = 0;
  for (const id of expired) files += await deleteUnder(bucket, `${BULK_PREFIX}${id}/`);
  await deleteBulkJobs(db, expired);

  // One page of batch folders per night is plenty: a folder outlives its batch only when a
  // workspace is deleted.
  const folders = await bucket.list({ prefix: BULK_PREFIX, delimiter: "/", limit: 1000 });
  const ids = folders.delimitedPrefixes.map((prefix) => prefix.slice(BULK_PREFIX.length, -1));
  const known = await existingBulkJobIds(db, ids);
  let orphans = 0;
  for (const id of ids.filter((id) => !known.has(id))) {
    files += await deleteUnder(bucket, `${BULK_PREFIX}${id}/`);
    orphans += 1;
  }
  return { expiredJobs: expired.length, orphanFolders: orphans, deletedFiles: files };
}
