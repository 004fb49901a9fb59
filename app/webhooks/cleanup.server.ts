import type { Database } from "../db/client.server";
import { deleteDeliveriesBefore } from "../models/webhooks.server";
import { DELIVERY_LOG_DAYS } from "./events";

/** The nightly clean-up: the delivery log keeps 30 days. */
export async function purgeOldDeliveries(db: Database, now: Date) {
  const before = new Date(now.getTime() - DELIVERY_LOG_DAYS * 24 * 60 * 60 * 1000);
  return { deliveries: await deleteDeliveriesBefore(db, before) };
}
