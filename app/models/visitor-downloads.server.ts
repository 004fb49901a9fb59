import { and, count, gt, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { visitorDownloads } from "../db/schema";
import {
  DAY_MS,
  VISITOR_DOWNLOADS_PER_ADDRESS_PER_DAY,
  VISITOR_DOWNLOADS_PER_DAY,
} from "../plans/visitors";

export interface Visitor {
  visitorId: string;
  ipHash: string;
}

/**
 * Records a download if the visitor is still within today's allowance. One conditional INSERT,
 * so that simultaneous downloads cannot both slip past the limit (D1 has no interactive
 * transactions).
 */
export async function claimVisitorDownload(
  db: Database,
  { visitorId, ipHash }: Visitor,
  now = new Date(),
): Promise<boolean> {
  const since = now.getTime() - DAY_MS;
  const result = await db.run(sql`
    INSERT INTO visitor_downloads (visitor_id, ip_hash, downloaded_at)
    SELECT ${visitorId}, ${ipHash}, ${now.getTime()}
    WHERE (SELECT count(*) FROM visitor_downloads
           WHERE visitor_id = ${visitorId} AND downloaded_at > ${since}) < ${VISITOR_DOWNLOADS_PER_DAY}
      AND (SELECT count(*) FROM visitor_downloads
           WHERE ip_hash = ${ipHash} AND downloaded_at > ${since}) < ${VISITOR_DOWNLOADS_PER_ADDRESS_PER_DAY}
  `);
  return result.meta.changes === 1;
}

/** Downloads left today for this browser. */
export async function remainingVisitorDownloads(
  db: Database,
  visitorId: string,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(visitorDownloads)
    .where(
      and(
        eq(visitorDownloads.visitorId, visitorId),
        gt(visitorDownloads.downloadedAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return Math.max(0, VISITOR_DOWNLOADS_PER_DAY - (row?.used ?? 0));
}
