import { staleWorkspaceRefusal, type TabActionContext, tabAccess } from "./tab-action.server";
import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import {
  enableEndpoint,
  findEndpoint,
  recentDeliveries,
  workspaceEndpoints,
} from "../models/webhooks.server";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { timeFromNow } from "../workspaces/audit-text";
import { requirePermission, workspacePlan } from "../workspaces/current.server";
import { EVENT_DESCRIPTIONS, TEST_EVENT, WEBHOOK_EVENTS } from "../webhooks/events";
import {
  addEndpoint,
  isEndpointId,
  removeEndpoint,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
} from "../webhooks/endpoints.server";
import { webhookUrlRules } from "../webhooks/settings.server";
import { appOrigin } from "../config/app-url.server";
import { configuredSecretKeys, openSecret } from "../webhooks/secret-box.server";

// The Integrations tab (issue #19, Ultimate): the workspace's webhook endpoints, each with its
// events, its recent deliveries, "Send test event", "Resend", the signing secret on request,
// rotation, enabling again after it was disabled, and removal. Secrets are never in the page's
// HTML unless asked for, in the answer to that form.

export const INTEGRATIONS_TAB = "/dashboard?tab=integrations";
export const INTEGRATION_INTENTS = [
  "add-endpoint",
  "remove-endpoint",
  "test-endpoint",
  "resend-delivery",
  "rotate-secret",
  "reveal-secret",
  "enable-endpoint",
] as const;
type IntegrationIntent = (typeof INTEGRATION_INTENTS)[number];

export function isIntegrationIntent(intent: unknown): intent is IntegrationIntent {
  return INTEGRATION_INTENTS.includes(intent as IntegrationIntent);
}

const OUTCOME_WORDS = {
  delivered: "Delivered",
  retrying: "Failed, retrying",
  failed: "Failed",
  disabled: "Failed, endpoint disabled",
} as const;

export async function integrationsTab(db: Database, membership: Membership, now: Date) {
  const plan = workspacePlan(membership, now);
  const access = tabAccess(membership, "integrations.manage", "Upgrade to Ultimate");
  const endpoints = access.manage ? await workspaceEndpoints(db, membership.workspace.id) : [];
  const deliveries = await recentDeliveries(
    db,
    endpoints.map((endpoint) => endpoint.id),
  );
  return {
    ...access,
    planName: PLANS[plan].name,
    limit: PLANS[plan].capabilities.webhookEndpointLimit,
    development: webhookUrlRules().environment === "development",
    events: WEBHOOK_EVENTS.map((name) => ({ name, description: EVENT_DESCRIPTIONS[name] })),
    testEvent: TEST_EVENT,
    endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      enabled: endpoint.enabled,
      disabledReason: endpoint.disabledReason,
      failures: endpoint.consecutiveFailures,
      added: timeFromNow(endpoint.createdAt, now),
      rotating:
        endpoint.previousSecret &&
        endpoint.previousSecretUntil &&
        endpoint.previousSecretUntil > now
          ? timeFromNow(endpoint.previousSecretUntil, now)
          : null,
      deliveries: deliveries
        .filter((delivery) => delivery.endpointId === endpoint.id)
        .map((delivery) => ({
          id: delivery.id,
          eventId: delivery.eventId,
          type: delivery.eventType,
          attempt: delivery.attempt,
          outcome: delivery.outcome,
          outcomeWords: OUTCOME_WORDS[delivery.outcome],
          status: delivery.statusCode ? String(delivery.statusCode) : (delivery.error ?? "—"),
          error: delivery.statusCode ? delivery.error : null,
          durationMs: delivery.durationMs,
          response: delivery.response,
          when: timeFromNow(delivery.createdAt, now),
        })),
    })),
  };
}

export type IntegrationsTabData = Awaited<ReturnType<typeof integrationsTab>>;

export interface IntegrationsTabAction {
  endpointForm?: { error: string; url: string; events: string[] };
  /** A secret asked for (or made with a new endpoint), shown in this answer only. */
  secret?: { endpointId: string; url: string; secret: string; created: boolean };
  integrationError?: string;
}

type Ctx = TabActionContext;

const NO_STORE = { "Cache-Control": "no-store" };

export async function integrationsAction(intent: IntegrationIntent, ctx: Ctx) {
  requirePermission(ctx.membership, "integrations.manage");
  const stale = staleWorkspaceRefusal(ctx, INTEGRATIONS_TAB);
  if (stale) return stale;
  const workspaceId = ctx.membership.workspace.id;
  const done = (title: string, description: string) =>
    redirectWithToast(ctx.request, INTEGRATIONS_TAB, { title, description, variant: "success" });
  const refuse = (outcome: { status: number; message: string }) =>
    data<IntegrationsTabAction>({ integrationError: outcome.message }, { status: outcome.status });
  // Every intent but "add-endpoint" names an endpoint: a field that cannot be one is refused
  // here, before it reaches D1.
  const endpointField = ctx.form.get("endpoint");
  if (intent !== "add-endpoint" && !isEndpointId(endpointField)) {
    return refuse({ status: 404, message: "There is no such endpoint." });
  }
  const endpointId = String(endpointField ?? "");

  switch (intent) {
    case "add-endpoint": {
      const url = String(ctx.form.get("url") ?? "");
      const events = ctx.form.getAll("events").map(String);
      const added = await addEndpoint(ctx.db, {
        workspaceId,
        plan: workspacePlan(ctx.membership),
        url,
        events,
        actor: { id: ctx.user.id, email: ctx.user.email },
        appOrigin: appOrigin(),
      });
      if (!added.ok) {
        return data<IntegrationsTabAction>(
          { endpointForm: { error: added.message, url: url.slice(0, 2000), events } },
          { status: added.status },
        );
      }
      return data<IntegrationsTabAction>(
        { secret: { endpointId: added.id, url: added.url, secret: added.secret, created: true } },
        { headers: NO_STORE },
      );
    }
    case "reveal-secret": {
      const endpoint = await findEndpoint(ctx.db, workspaceId, endpointId);
      if (!endpoint) return refuse({ status: 404, message: "There is no such endpoint." });
      return data<IntegrationsTabAction>(
        {
          secret: {
            endpointId: endpoint.id,
            url: endpoint.url,
            secret: await openSecret(endpoint.secret, await configuredSecretKeys()),
            created: false,
          },
        },
        { headers: NO_STORE },
      );
    }
    case "remove-endpoint": {
      const removed = await removeEndpoint(ctx.db, workspaceId, endpointId, {
        id: ctx.user.id,
        email: ctx.user.email,
      });
      if (!removed.ok) return refuse(removed);
      return done("Endpoint removed", `No more events go to ${removed.url}.`);
    }
    case "test-endpoint": {
      const sent = await sendTestEvent(ctx.db, workspaceId, endpointId);
      if (!sent.ok) return refuse(sent);
      return done(
        "Test event sent",
        `A ${TEST_EVENT} event is on its way to ${sent.url}; it shows in the delivery log in a moment.`,
      );
    }
    case "resend-delivery": {
      // A log row's id: digits only, so "1e400" (Infinity), "0x1f" or "" never reach D1 as
      // NaN or Infinity.
      const field = String(ctx.form.get("delivery") ?? "");
      const deliveryId = /^[1-9]\d{0,15}$/.test(field) ? Number(field) : NaN;
      if (!Number.isSafeInteger(deliveryId)) {
        return refuse({ status: 400, message: "Choose a delivery from the endpoint's log." });
      }
      const resent = await resendDelivery(ctx.db, workspaceId, endpointId, deliveryId);
      if (!resent.ok) return refuse(resent);
      return done("Event sent again", `The event is on its way to ${resent.url} once more.`);
    }
    case "rotate-secret": {
      const rotated = await rotateSecret(ctx.db, workspaceId, endpointId);
      if (!rotated.ok) return refuse(rotated);
      return done(
        "Secret rotated",
        "Deliveries are signed with both the new and the old secret for 24 hours: switch your receiver to the new one within that time.",
      );
    }
    case "enable-endpoint": {
      const enabled = await enableEndpoint(ctx.db, workspaceId, endpointId);
      if (!enabled) return refuse({ status: 404, message: "There is no such endpoint." });
      return done("Endpoint enabled", `New events go to ${enabled.url} again.`);
    }
  }
}
