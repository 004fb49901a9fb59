import { staleWorkspaceRefusal, type TabActionContext, tabAccess, tabT } from "./tab-action.server";
import type { Locale } from "../i18n/locales";
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
import {
  DISABLE_AFTER_FAILURES,
  DISABLED_FAILING,
  DISABLED_GONE,
  TEST_EVENT,
  WEBHOOK_EVENTS,
} from "../webhooks/events";
import { type Phrased, say } from "../i18n/phrase";
import { translatorFor, type Translate } from "../i18n/locale.server";
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

/** Why an endpoint was disabled, in the tab's language (stored in English). */
function disabledReason(t: Translate, reason: string | null): string | null {
  if (reason === DISABLED_GONE) return t("integrations.webhooks.disabled.gone");
  if (reason === DISABLED_FAILING) {
    return t("integrations.webhooks.disabled.failing", { count: DISABLE_AFTER_FAILURES });
  }
  return reason;
}

export async function integrationsTab(
  db: Database,
  membership: Membership,
  now: Date,
  locale: Locale,
) {
  const t = translatorFor(locale);
  const plan = workspacePlan(membership, now);
  const access = tabAccess(membership, "integrations.manage", t("integrations.api.upgrade"), {
    compare: t("integrations.api.comparePlans"),
    refusal: t("integrations.ownersAndAdmins"),
  });
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
    events: WEBHOOK_EVENTS.map((name) => ({ name })),
    testEvent: TEST_EVENT,
    endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      enabled: endpoint.enabled,
      disabledReason: disabledReason(t, endpoint.disabledReason),
      failures: endpoint.consecutiveFailures,
      added: timeFromNow(endpoint.createdAt, now, locale.code),
      rotating:
        endpoint.previousSecret &&
        endpoint.previousSecretUntil &&
        endpoint.previousSecretUntil > now
          ? timeFromNow(endpoint.previousSecretUntil, now, locale.code)
          : null,
      deliveries: deliveries
        .filter((delivery) => delivery.endpointId === endpoint.id)
        .map((delivery) => ({
          id: delivery.id,
          eventId: delivery.eventId,
          type: delivery.eventType,
          attempt: delivery.attempt,
          outcome: delivery.outcome,
          status: delivery.statusCode ? String(delivery.statusCode) : (delivery.error ?? "—"),
          error: delivery.statusCode ? delivery.error : null,
          durationMs: delivery.durationMs,
          response: delivery.response,
          when: timeFromNow(delivery.createdAt, now, locale.code),
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
  const t = tabT(ctx);
  const done = (title: string, description: string) =>
    redirectWithToast(ctx.request, INTEGRATIONS_TAB, { title, description, variant: "success" });
  const refuse = (outcome: Phrased & { status: number }) =>
    data<IntegrationsTabAction>({ integrationError: say(t, outcome) }, { status: outcome.status });
  // Every intent but "add-endpoint" names an endpoint: a field that cannot be one is refused
  // here, before it reaches D1.
  const endpointField = ctx.form.get("endpoint");
  if (intent !== "add-endpoint" && !isEndpointId(endpointField)) {
    return refuse({ status: 404, message: t("integrations.webhooks.noSuchEndpoint") });
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
          { endpointForm: { error: say(t, added), url: url.slice(0, 2000), events } },
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
      if (!endpoint)
        return refuse({ status: 404, message: t("integrations.webhooks.noSuchEndpoint") });
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
      return done(
        t("integrations.webhooks.toast.removed"),
        t("integrations.webhooks.toast.removedText", { url: removed.url }),
      );
    }
    case "test-endpoint": {
      const sent = await sendTestEvent(ctx.db, workspaceId, endpointId);
      if (!sent.ok) return refuse(sent);
      return done(
        t("integrations.webhooks.toast.tested"),
        t("integrations.webhooks.toast.testedText", { event: TEST_EVENT, url: sent.url }),
      );
    }
    case "resend-delivery": {
      // A log row's id: digits only, so "1e400" (Infinity), "0x1f" or "" never reach D1 as
      // NaN or Infinity.
      const field = String(ctx.form.get("delivery") ?? "");
      const deliveryId = /^[1-9]\d{0,15}$/.test(field) ? Number(field) : NaN;
      if (!Number.isSafeInteger(deliveryId)) {
        return refuse({ status: 400, message: t("integrations.webhooks.chooseDelivery") });
      }
      const resent = await resendDelivery(ctx.db, workspaceId, endpointId, deliveryId);
      if (!resent.ok) return refuse(resent);
      return done(
        t("integrations.webhooks.toast.resent"),
        t("integrations.webhooks.toast.resentText", { url: resent.url }),
      );
    }
    case "rotate-secret": {
      const rotated = await rotateSecret(ctx.db, workspaceId, endpointId);
      if (!rotated.ok) return refuse(rotated);
      return done(
        t("integrations.webhooks.toast.rotated"),
        t("integrations.webhooks.toast.rotatedText"),
      );
    }
    case "enable-endpoint": {
      const enabled = await enableEndpoint(ctx.db, workspaceId, endpointId);
      if (!enabled)
        return refuse({ status: 404, message: t("integrations.webhooks.noSuchEndpoint") });
      return done(
        t("integrations.webhooks.toast.enabled"),
        t("integrations.webhooks.toast.enabledText", { url: enabled.url }),
      );
    }
  }
}
