import type { Database } from "../db/client.server";
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  rotateEndpointSecret,
} from "../models/webhooks.server";
import { phrase, type Phrase } from "../i18n/phrase";
import { PLANS, type PlanId } from "../plans/catalogue";
import { enqueueWebhooks, webhookPayload } from "./emit.server";
import {
  isWebhookEvent,
  newEventId,
  ROTATION_OVERLAP_MS,
  TEST_EVENT,
  type WebhookEventType,
} from "./events";
import { webhookUrlRules } from "./settings.server";
import { newSecret } from "./signature";
import { checkWebhookUrl } from "./url";
import { type AuditActor, recordAudit } from "../workspaces/audit.server";
import { configuredSecretKeys, sealSecret } from "./secret-box.server";

// What the Integrations tab and the API do to endpoints (issue #19), with the checks both make:
// the plan's limit, the address rules and the events. The callers checked the role.

export type EndpointOutcome<T> =
  | ({ ok: true } & T)
  | {
      ok: false;
      status: 400 | 403 | 404;
      field?: "url" | "events";
      message: string;
      /** The message for a page (integrations.webhooks.*); the API answers with `message`. */
      phrase: Phrase;
    };

export interface AddEndpointInput {
  workspaceId: string;
  plan: PlanId;
  url: string;
  events: unknown[];
  actor: AuditActor;
  appOrigin: string;
}

export function endpointLimit(plan: PlanId): number {
  return PLANS[plan].capabilities.webhookEndpointLimit;
}

export async function addEndpoint(
  db: Database,
  input: AddEndpointInput,
): Promise<
  EndpointOutcome<{ id: string; url: string; events: WebhookEventType[]; secret: string }>
> {
  const limit = endpointLimit(input.plan);
  if (limit === 0) {
    return {
      ok: false,
      status: 403,
      message: `Webhooks are part of the Ultimate plan, and this workspace is on ${PLANS[input.plan].name}.`,
      phrase: phrase("integrations.webhooks.refusal.plan", { plan: PLANS[input.plan].name }),
    };
  }
  const checked = checkWebhookUrl(input.url, webhookUrlRules());
  if (!checked.ok) return { status: 400, field: "url", ...checked };
  const events = [...new Set(input.events)];
  if (events.length === 0) {
    return {
      ok: false,
      status: 400,
      field: "events",
      message: "Choose at least one event.",
      phrase: phrase("integrations.webhooks.refusal.noEvents"),
    };
  }
  if (!events.every(isWebhookEvent)) {
    return {
      ok: false,
      status: 400,
      field: "events",
      message: "Choose events from the list.",
      phrase: phrase("integrations.webhooks.refusal.unknownEvents"),
    };
  }
  // Shown once in plain; stored sealed (secret-box.server.ts).
  const secret = newSecret();
  const endpoint = {
    id: `we_${crypto.randomUUID().replaceAll("-", "")}`, // the shape isEndpointId() knows
    workspaceId: input.workspaceId,
    url: checked.url,
    events,
    secret: await sealSecret(secret, await configuredSecretKeys()),
    appOrigin: input.appOrigin,
    createdBy: input.actor.id,
  };
  if (!(await insertEndpoint(db, endpoint, limit))) {
    return {
      ok: false,
      status: 403,
      message: `This workspace has ${limit} endpoints, the most it can have. Remove one to add another.`,
      phrase: phrase("integrations.webhooks.refusal.limit", { limit }),
    };
  }
  await recordAudit(db, {
    workspaceId: input.workspaceId,
    actor: input.actor,
    action: "webhook.added",
    target: endpoint.id,
    details: { name: endpoint.url },
  });
  return { ok: true, id: endpoint.id, url: endpoint.url, events, secret };
}

/** Whether `value` has the shape of an endpoint id ("we_" and 32 hex digits), before asking D1. */
export function isEndpointId(value: unknown): value is string {
  return typeof value === "string" && /^we_[0-9a-f]{32}$/.test(value);
}

const MISSING = {
  ok: false as const,
  status: 404 as const,
  message: "There is no such endpoint in this workspace. It may have been removed.",
  phrase: phrase("integrations.webhooks.refusal.missing"),
};

const DISABLED = {
  ok: false as const,
  status: 400 as const,
  message: "Enable the endpoint before sending it events.",
  phrase: phrase("integrations.webhooks.refusal.disabled"),
};

export async function removeEndpoint(
  db: Database,
  workspaceId: string,
  id: string,
  actor: AuditActor,
): Promise<EndpointOutcome<{ url: string }>> {
  const removed = await deleteEndpoint(db, workspaceId, id);
  if (!removed) return MISSING;
  await recordAudit(db, {
    workspaceId,
    actor,
    action: "webhook.removed",
    target: id,
    details: { name: removed.url },
  });
  return { ok: true, url: removed.url };
}

export async function rotateSecret(
  db: Database,
  workspaceId: string,
  id: string,
  now = new Date(),
) {
  const rotated = await rotateEndpointSecret(
    db,
    workspaceId,
    id,
    await sealSecret(newSecret(), await configuredSecretKeys()),
    new Date(now.getTime() + ROTATION_OVERLAP_MS),
  );
  return rotated ? { ok: true as const, url: rotated.url } : MISSING;
}

/** "Send test event": a `webhook.test` event to this one endpoint, whatever it subscribed to. */
export async function sendTestEvent(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<EndpointOutcome<{ url: string }>> {
  const endpoint = await findEndpoint(db, workspaceId, id);
  if (!endpoint) return MISSING;
  if (!endpoint.enabled) {
    return DISABLED;
  }
  await enqueueWebhooks([
    {
      endpointId: id,
      eventId: newEventId(),
      type: TEST_EVENT,
      payload: webhookPayload(TEST_EVENT, {
        message: "This is a test event from QR Code Creator.",
        endpointId: id,
      }),
    },
  ]);
  return { ok: true, url: endpoint.url };
}

/**
 * "Resend": the logged event again, with the same webhook-id and body (a receiver that already
 * has it can tell by the id), signed anew, with a fresh set of retries.
 */
export async function resendDelivery(
  db: Database,
  workspaceId: string,
  endpointId: string,
  deliveryId: number,
): Promise<EndpointOutcome<{ url: string }>> {
  const endpoint = await findEndpoint(db, workspaceId, endpointId);
  const delivery = endpoint ? await findDelivery(db, workspaceId, endpointId, deliveryId) : null;
  if (!endpoint || !delivery) return MISSING;
  if (!endpoint.enabled) {
    return DISABLED;
  }
  await enqueueWebhooks([
    {
      endpointId,
      eventId: delivery.eventId,
      type: delivery.eventType as WebhookEventType,
      payload: delivery.payload,
    },
  ]);
  return { ok: true, url: endpoint.url };
}
