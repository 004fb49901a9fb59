import type { Database } from "../db/client.server";
import { deleteDeliveriesBefore } from "../models/webhooks.server";
import { DELIVERY_LOG_DAYS } from "./events";

/** Attempts per DELETE statement, so that no statement holds the database for long. */
export const DELIVERY_PURGE_CHUNK = 5000;
/** Attempts deleted per run at most; a backlog drains over the following nights. */
export const DELIVERY_PURGE_LIMIT = 100_000;

/** The nightly clean-up: the delivery log keeps 30 days, deleted chunk by chunk. */
export async function purgeOldDeliveries(
  db: Database,
  now: Date,
  { chunk = DELIVERY_PURGE_CHUNK, limit = DELIVERY_PURGE_LIMIT } = {},
) {
  const before = new Date(now.getTime() - DELIVERY_LOG_DAYS * 24 * 60 * 60 * 1000);
  let deliveries = 0;
  while (deliveries < limit) {
    const n = Math.min(chunk, limit - deliveries);
    const deleted = await deleteDeliveriesBefore(db, before, n);
    deliveries += deleted;
    if (deleted < n) break;
  }
  return { deliveries, limitReached: deliveries === limit };
}
