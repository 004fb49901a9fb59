import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { billingEvents, users } from "../db/schema";
import { mirrorSubscription, type SubscriptionSnapshot } from "../billing/subscription";

export interface BillingEvent {
  /** The provider's event id: each is handled once, however often it is delivered. */
  id: string;
  type: string;
}

export type ApplyOutcome = "applied" | "duplicate" | "stale" | "unknown-user" | "unchanged";

/**
 * Mirrors a provider's report of a subscription onto its user, once per event. A replayed event
 * changes nothing; a reading older than the stored one is ignored, so events that arrive out of
 * order never regress the state. If the update fails the event is forgotten again, so the
 * provider's retry gets another chance.
 */
export async function applySubscriptionSnapshot(
  db: Database,
  event: BillingEvent,
  snapshot: SubscriptionSnapshot,
  now = new Date(),
): Promise<ApplyOutcome> {
  const recorded = await db
    .insert(billingEvents)
    .values({ id: event.id, type: event.type, userId: snapshot.userId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (recorded.length === 0) return "duplicate";
  try {
    const user = await db.select().from(users).where(eq(users.id, snapshot.userId)).get();
    if (!user) {
      // A report for a deleted account (Stripe confirms the cancellation after the deletion):
      // the event is remembered, but not whose it was.
      await db.update(billingEvents).set({ userId: null }).where(eq(billingEvents.id, event.id));
      return "unknown-user";
    }
    const changes = mirrorSubscription(user, snapshot);
    if (!changes) return "unchanged";
    const updated = await db
      .update(users)
      .set({ ...changes, billingSyncedAt: snapshot.observedAt, updatedAt: now })
      .where(
        and(
          eq(users.id, user.id),
          or(isNull(users.billingSyncedAt), lte(users.billingSyncedAt, snapshot.observedAt)),
        ),
      )
      .returning({ id: users.id });
    return updated.length ? "applied" : "stale";
  } catch (error) {
    await db.delete(billingEvents).where(eq(billingEvents.id, event.id));
    throw error;
  }
}

/** The user a provider's customer belongs to. */
export async function findUserByCustomer(db: Database, customerId: string) {
  return (
    (await db.select().from(users).where(eq(users.stripeCustomerId, customerId)).get()) ?? null
  );
}

/** Remembers the provider's customer for a user, so a second checkout reuses it. */
export async function rememberCustomer(db: Database, userId: string, customerId: string) {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
}
