import { and, desc, eq, gte, inArray, lt, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  type DeliveryOutcome,
  users,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookEndpointRecord,
  workspaces,
} from "../db/schema";

// Webhook endpoints and their delivery log (issue #19, migration 0015): queries and mutations.
// The callers checked who may; every query names the workspace, so an id of another workspace's
// endpoint finds nothing.

export interface NewEndpoint {
  id: string;
  workspaceId: string;
  url: string;
  events: string[];
  secret: string;
  appOrigin: string;
  createdBy: string | null;
}

/** Adds an endpoint unless the workspace already has `limit` (one statement: no race). */
export async function insertEndpoint(
  db: Database,
  endpoint: NewEndpoint,
  limit: number,
  now = new Date(),
): Promise<boolean> {
  const result = await db.$client
    .prepare(
      `INSERT INTO webhook_endpoints (id, workspace_id, url, events, secret, app_origin, created_by, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?
       WHERE (SELECT COUNT(*) FROM webhook_endpoints WHERE workspace_id = ?) < ?`,
    )
    .bind(
      endpoint.id,
      endpoint.workspaceId,
      endpoint.url,
      JSON.stringify(endpoint.events),
      endpoint.secret,
      endpoint.appOrigin,
      endpoint.createdBy,
      now.getTime(),
      endpoint.workspaceId,
      limit,
    )
    .run();
  return result.meta.changes === 1;
}

export function workspaceEndpoints(db: Database, workspaceId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(webhookEndpoints.createdAt);
}

export async function findEndpoint(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<WebhookEndpointRecord | null> {
  const [found] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  return found ?? null;
}

/** An endpoint with its workspace owner's subscription, which decides whether it gets events. */
export async function endpointById(db: Database, id: string) {
  const [found] = await db
    .select({
      endpoint: webhookEndpoints,
      owner: {
        subscriptionPlan: users.subscriptionPlan,
        subscriptionStatus: users.subscriptionStatus,
        isTrialActive: users.isTrialActive,
        trialStartDate: users.trialStartDate,
        trialEndDate: users.trialEndDate,
        stripeSubscriptionId: users.stripeSubscriptionId,
      },
      workspaceSuspendedAt: workspaces.suspendedAt,
    })
    .from(webhookEndpoints)
    .innerJoin(workspaces, eq(workspaces.id, webhookEndpoints.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(webhookEndpoints.id, id));
  return found ?? null;
}

/** The enabled endpoints of a workspace that asked for `type` (the index answers it). */
export async function subscribedEndpoints(db: Database, workspaceId: string, type: string) {
  const rows = await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.enabled, true)));
  return rows.filter((row) => row.events.includes(type)).map((row) => row.id);
}

export async function deleteEndpoint(db: Database, workspaceId: string, id: string) {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning({ url: webhookEndpoints.url });
  return deleted[0] ?? null;
}

/** A new secret; the one it replaces keeps signing until `until`. */
export async function rotateEndpointSecret(
  db: Database,
  workspaceId: string,
  id: string,
  secret: string,
  until: Date,
) {
  const rotated = await db
    .update(webhookEndpoints)
    .set({ secret, previousSecret: sql`secret`, previousSecretUntil: until })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning({ url: webhookEndpoints.url });
  return rotated[0] ?? null;
}

/**
 * Disables the enabled endpoints `userId` added to the workspace (they are no longer a member);
 * the addresses disabled.
 */
export async function disableEndpointsAddedBy(
  db: Database,
  workspaceId: string,
  userId: string,
  reason: string,
  now: Date,
): Promise<string[]> {
  const disabled = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: now })
    .where(
      and(
        eq(webhookEndpoints.workspaceId, workspaceId),
        eq(webhookEndpoints.createdBy, userId),
        eq(webhookEndpoints.enabled, true),
      ),
    )
    .returning({ url: webhookEndpoints.url });
  return disabled.map((endpoint) => endpoint.url);
}

export async function enableEndpoint(db: Database, workspaceId: string, id: string) {
  const enabled = await db
    .update(webhookEndpoints)
    .set({ enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0 })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning({ url: webhookEndpoints.url });
  return enabled[0] ?? null;
}

/**
 * Disables an enabled endpoint; whether this call did it. A batch's messages are delivered side
 * by side, so several can find the endpoint failing at once: only the one whose update changed
 * the row tells the owner. In the same batch, the endpoint's attempts since `retryingSince` still
 * logged "retrying" become "failed" (their retries will be acked without delivery), except for
 * events that did arrive in the end. Both read only that stretch of the (endpoint_id, created_at)
 * index, not the endpoint's whole log.
 */
export async function disableEndpoint(
  db: Database,
  id: string,
  reason: string,
  now: Date,
  retryingSince: Date,
): Promise<boolean> {
  const [disabled] = await db.batch([
    db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, disabledAt: now })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id }),
    db
      .update(webhookDeliveries)
      .set({ outcome: "failed" })
      .where(
        and(
          eq(webhookDeliveries.endpointId, id),
          gte(webhookDeliveries.createdAt, retryingSince),
          eq(webhookDeliveries.outcome, "retrying"),
          notInArray(
            webhookDeliveries.eventId,
            db
              .select({ eventId: webhookDeliveries.eventId })
              .from(webhookDeliveries)
              .where(
                and(
                  eq(webhookDeliveries.endpointId, id),
                  gte(webhookDeliveries.createdAt, retryingSince),
                  eq(webhookDeliveries.outcome, "delivered"),
                ),
              ),
          ),
        ),
      ),
  ]);
  return disabled.length === 1;
}

export async function resetFailures(db: Database, id: string) {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.consecutiveFailures} <> 0`));
}

/** One more failure in a row; how many there are now. */
export async function countFailure(db: Database, id: string): Promise<number> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ failures: webhookEndpoints.consecutiveFailures });
  return row?.failures ?? 0;
}

export interface DeliveryAttempt {
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  attempt: number;
  outcome: DeliveryOutcome;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
  response: string | null;
}

export async function logDelivery(db: Database, attempt: DeliveryAttempt, now = new Date()) {
  await db.insert(webhookDeliveries).values({ ...attempt, createdAt: now });
}

/** The dead-letter queue's verdict: the event's attempts to this endpoint failed for good. */
export async function markEventFailed(db: Database, endpointId: string, eventId: string) {
  await db
    .update(webhookDeliveries)
    .set({ outcome: "failed" })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.eventId, eventId),
        eq(webhookDeliveries.outcome, "retrying"),
      ),
    );
}

/**
 * The latest `perEndpoint` attempts of each of the endpoints (a workspace has at most 10), newest
 * first: one small query per endpoint, sent together, each read backwards from the
 * (endpoint_id, created_at) index and stopped after `perEndpoint` rows, however long the log is.
 */
export async function recentDeliveries(db: Database, endpointIds: string[], perEndpoint = 20) {
  const queries = endpointIds.map((endpointId) =>
    db
      .select({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        eventId: webhookDeliveries.eventId,
        eventType: webhookDeliveries.eventType,
        attempt: webhookDeliveries.attempt,
        outcome: webhookDeliveries.outcome,
        statusCode: webhookDeliveries.statusCode,
        error: webhookDeliveries.error,
        durationMs: webhookDeliveries.durationMs,
        response: webhookDeliveries.response,
        createdAt: webhookDeliveries.createdAt,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(perEndpoint),
  );
  const [first, ...rest] = queries;
  if (!first) return [];
  return (await db.batch([first, ...rest])).flat();
}

/** A logged delivery of the workspace's endpoint `endpointId`, to send again. */
export async function findDelivery(
  db: Database,
  workspaceId: string,
  endpointId: string,
  id: number,
) {
  const [found] = await db
    .select({
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      payload: webhookDeliveries.payload,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookEndpoints.workspaceId, workspaceId),
      ),
    );
  return found ?? null;
}

/** The nightly clean-up: at most `limit` of the attempts older than `before` (the oldest). */
export async function deleteDeliveriesBefore(
  db: Database,
  before: Date,
  limit: number,
): Promise<number> {
  const old = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(lt(webhookDeliveries.createdAt, before))
    .orderBy(webhookDeliveries.createdAt)
    .limit(limit);
  const result = await db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, old)).run();
  return result.meta.changes;
}

/** Whom to tell about a failing endpoint: the workspace's owner. */
export async function workspaceOwnerContact(db: Database, workspaceId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, workspace: workspaces.name })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId));
  return row ?? null;
}
