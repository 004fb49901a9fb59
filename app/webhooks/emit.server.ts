import { env } from "cloudflare:workers";
import type { Database } from "../db/client.server";
import { subscribedEndpoints } from "../models/webhooks.server";
import { describeError, log } from "../observability/log.server";
import {
  type DeliveredEventType,
  newEventId,
  type WebhookEventType,
  type WebhookPayload,
} from "./events";

// The one way the rest of the app tells webhooks about an event (issue #19). It finds the
// workspace's enabled endpoints that asked for the event and puts one message per endpoint on the
// webhook queue, whose consumer signs and delivers it (deliver.server.ts). A workspace without
// endpoints costs one indexed query. Nothing here ever throws: the action that caused the event
// has happened and stays done, and with `waitUntil` the caller does not even wait.

/** A message on the webhook queue: one event for one endpoint. */
export interface WebhookMessage {
  endpointId: string;
  /** The webhook-id header: kept on every retry and on "Resend", so receivers can deduplicate. */
  eventId: string;
  type: DeliveredEventType;
  /** The JSON body, as it is signed and sent every time. */
  payload: string;
}

export function webhookPayload(
  type: DeliveredEventType,
  data: Record<string, unknown>,
  at = new Date(),
): string {
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data };
  return JSON.stringify(payload);
}

/** Puts messages on the queue, 100 at a time (sendBatch's limit). */
export async function enqueueWebhooks(messages: WebhookMessage[]): Promise<void> {
  for (let at = 0; at < messages.length; at += 100) {
    await env.WEBHOOK_QUEUE.sendBatch(
      messages.slice(at, at + 100).map((body) => ({ body, contentType: "json" as const })),
    );
  }
}

async function emit(
  db: Database,
  workspaceId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  eventId: string,
): Promise<number> {
  const endpoints = await subscribedEndpoints(db, workspaceId, type);
  if (endpoints.length === 0) return 0;
  const payload = webhookPayload(type, data);
  await enqueueWebhooks(endpoints.map((endpointId) => ({ endpointId, eventId, type, payload })));
  return endpoints.length;
}

/**
 * Tells the workspace's endpoints about `type`. `data` is the event's object; `qr_code.updated`
 * may carry any extra fields a change has (e.g. a destination's old and new address). With
 * `waitUntil`, the work runs after the answer; else it is awaited (still never throws).
 */
export async function emitWebhookEvent(
  db: Database,
  workspaceId: string | null | undefined,
  type: WebhookEventType,
  data: Record<string, unknown>,
  options: { waitUntil?: (promise: Promise<unknown>) => void; eventId?: string } = {},
): Promise<void> {
  if (!workspaceId) return;
  const work = emit(db, workspaceId, type, data, options.eventId ?? newEventId()).then(
    () => undefined,
    (cause: unknown) => log("error", "webhook_emit_failed", { type, ...describeError(cause) }),
  );
  if (options.waitUntil) options.waitUntil(work);
  else await work;
}
