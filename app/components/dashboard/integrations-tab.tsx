import { TabFormFields } from "./tab-form-fields";
import { Form, Link } from "react-router";
import type {
  IntegrationsTabAction,
  IntegrationsTabData,
} from "../../dashboard/integrations-tab.server";
import { CopyButton } from "../copy-button";
import { Result, toResult } from "../result";
import { Trans, useT } from "../../i18n/i18n";
import { UpgradeLink } from "./brand-tab";

// The dashboard's Integrations tab (issue #19): plain forms posting to
// /dashboard?tab=integrations, so that all of it works without JavaScript.

const ACTION = toResult("/dashboard?tab=integrations");

type Tab = IntegrationsTabData;
type Endpoint = Tab["endpoints"][number];

function Secret({ secret }: { secret: NonNullable<IntegrationsTabAction["secret"]> }) {
  const t = useT();
  return (
    <Result
      as="section"
      answer={secret}
      className="card notice notice-success"
      aria-labelledby="secret-heading"
    >
      <h2 id="secret-heading">
        {secret.created
          ? t("integrations.webhooks.secret.added")
          : t("integrations.webhooks.secret.title")}
      </h2>
      <p>
        <Trans
          id="integrations.webhooks.secret.text"
          values={{ url: secret.url }}
          components={{ 0: <code />, 1: <Link to="/docs/api#webhooks" /> }}
        />
      </p>
      <div className="new-key">
        <label htmlFor="webhook-secret" className="sr-only">
          {t("integrations.webhooks.secret.title")}
        </label>
        <input
          id="webhook-secret"
          readOnly
          value={secret.secret}
          className="mono"
          spellCheck={false}
        />
        <CopyButton
          text={secret.secret}
          label={t("integrations.webhooks.secret.copy")}
          copiedTitle={t("integrations.webhooks.secret.copied")}
        />
      </div>
    </Result>
  );
}

function AddEndpoint({ tab, form }: { tab: Tab; form: IntegrationsTabAction["endpointForm"] }) {
  const t = useT();
  if (tab.endpoints.length >= tab.limit) {
    return (
      <p className="notice notice-warning" role="status">
        {t("integrations.webhooks.full", { limit: tab.limit, plan: tab.planName })}
      </p>
    );
  }
  const chosen = new Set(form?.events ?? tab.events.map((event) => event.name));
  return (
    <section className="card" aria-labelledby="add-endpoint-heading">
      <h2 id="add-endpoint-heading">{t("integrations.webhooks.add.title")}</h2>
      {form ? (
        <Result as="p" answer={form} className="notice notice-error" role="alert">
          <span id="endpoint-form-error">{form.error}</span>
        </Result>
      ) : null}
      <Form
        method="post"
        action={ACTION}
        className="api-key-form"
        key={tab.endpoints.map((endpoint) => endpoint.id).join()}
      >
        <TabFormFields workspaceId={tab.workspaceId} intent="add-endpoint" />
        <div className="field">
          <label htmlFor="endpoint-url">{t("integrations.webhooks.add.address")}</label>
          <input
            id="endpoint-url"
            name="url"
            inputMode="url"
            required
            maxLength={2000}
            placeholder="https://example.com/webhooks/qr"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={form?.url ?? ""}
            aria-invalid={form ? true : undefined}
            aria-describedby={form ? "endpoint-form-error endpoint-hint" : "endpoint-hint"}
          />
          <p className="muted small" id="endpoint-hint">
            {t("integrations.webhooks.add.hint")}
            {tab.development ? ` ${t("integrations.webhooks.add.hintLocal")}` : ""}
          </p>
        </div>
        <fieldset>
          <legend>{t("integrations.webhooks.add.events")}</legend>
          {tab.events.map((event) => (
            <label key={event.name} className="role-choice">
              <input
                type="checkbox"
                name="events"
                value={event.name}
                defaultChecked={chosen.has(event.name)}
              />
              <span>
                <code>{event.name}</code>
                <span className="muted small">
                  {" "}
                  — {t(`integrations.webhooks.event.${event.name}`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {t("integrations.webhooks.add.submit")}
        </button>
      </Form>
    </section>
  );
}

function EndpointForm({
  tab,
  endpoint,
  intent,
  label,
  className = "btn btn-secondary",
  extra,
}: {
  tab: Tab;
  endpoint: Endpoint;
  intent: string;
  label: string;
  className?: string;
  extra?: Record<string, string | number>;
}) {
  return (
    <Form method="post" action={ACTION}>
      <TabFormFields workspaceId={tab.workspaceId} intent={intent} />
      <input type="hidden" name="endpoint" value={endpoint.id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

function Deliveries({ tab, endpoint }: { tab: Tab; endpoint: Endpoint }) {
  const t = useT();
  if (endpoint.deliveries.length === 0) {
    return <p className="muted small">{t("integrations.webhooks.deliveries.none")}</p>;
  }
  return (
    <details className="webhook-log">
      <summary>
        {t("integrations.webhooks.deliveries.title", { count: endpoint.deliveries.length })}
      </summary>
      <ul className="webhook-deliveries">
        {endpoint.deliveries.map((delivery) => (
          <li key={delivery.id} className={`webhook-delivery outcome-${delivery.outcome}`}>
            <p>
              <code>{delivery.type}</code> ·{" "}
              {t("integrations.webhooks.deliveries.attempt", { attempt: delivery.attempt })} ·{" "}
              <strong>{t(`integrations.webhooks.outcome.${delivery.outcome}`)}</strong> ·{" "}
              {delivery.status}
              {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ""} · {delivery.when}
            </p>
            {delivery.error ? <p className="small">{delivery.error}</p> : null}
            <p className="muted small">
              {t("integrations.webhooks.deliveries.event")} <code>{delivery.eventId}</code>
            </p>
            {delivery.response ? (
              <details>
                <summary className="small">{t("integrations.webhooks.deliveries.answer")}</summary>
                <pre className="webhook-response">{delivery.response}</pre>
              </details>
            ) : null}
            {endpoint.enabled ? (
              <EndpointForm
                tab={tab}
                endpoint={endpoint}
                intent="resend-delivery"
                label={t("integrations.webhooks.deliveries.resend")}
                className="btn btn-ghost"
                extra={{ delivery: delivery.id }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Endpoints({ tab }: { tab: Tab }) {
  const t = useT();
  if (tab.endpoints.length === 0) {
    return (
      <p className="muted">
        {t("integrations.webhooks.none")}
        {tab.limit > 0 ? ` ${t("integrations.webhooks.addAbove")}` : ""}
      </p>
    );
  }
  return (
    <ul className="member-list">
      {tab.endpoints.map((endpoint) => (
        <li key={endpoint.id} className="card member domain">
          <h3 className="webhook-url">
            {endpoint.url}{" "}
            <span className={`badge badge-${endpoint.enabled ? "active" : "failed"}`}>
              {endpoint.enabled
                ? t("integrations.webhooks.enabled")
                : t("integrations.webhooks.disabled")}
            </span>
          </h3>
          {endpoint.disabledReason ? (
            <p className="notice notice-warning">
              {t("integrations.webhooks.disabledBecause", { reason: endpoint.disabledReason })}
            </p>
          ) : null}
          <p className="small">
            {t("integrations.webhooks.eventsList", { events: endpoint.events.join(", ") })}
          </p>
          <p className="muted small">
            {t("integrations.webhooks.added", { when: endpoint.added })}
            {endpoint.failures > 0
              ? ` · ${t("integrations.webhooks.failures", { count: endpoint.failures })}`
              : ""}
            {endpoint.rotating
              ? ` · ${t("integrations.webhooks.rotating", { when: endpoint.rotating })}`
              : ""}
          </p>
          <div className="domain-actions">
            {endpoint.enabled ? (
              <EndpointForm
                tab={tab}
                endpoint={endpoint}
                intent="test-endpoint"
                label={t("integrations.webhooks.test")}
              />
            ) : (
              <EndpointForm
                tab={tab}
                endpoint={endpoint}
                intent="enable-endpoint"
                label={t("integrations.webhooks.enable")}
              />
            )}
            <EndpointForm
              tab={tab}
              endpoint={endpoint}
              intent="reveal-secret"
              label={t("integrations.webhooks.showSecret")}
              className="btn btn-ghost"
            />
            <EndpointForm
              tab={tab}
              endpoint={endpoint}
              intent="rotate-secret"
              label={t("integrations.webhooks.rotate")}
              className="btn btn-ghost"
            />
            <details className="inline-details">
              <summary className="btn btn-ghost btn-danger">
                {t("integrations.webhooks.remove")}
              </summary>
              <div className="confirm">
                <p>{t("integrations.webhooks.removeConfirm")}</p>
                <EndpointForm
                  tab={tab}
                  endpoint={endpoint}
                  intent="remove-endpoint"
                  label={t("integrations.webhooks.removeNamed", { url: endpoint.url })}
                  className="btn btn-danger-solid"
                />
              </div>
            </details>
          </div>
          <Deliveries tab={tab} endpoint={endpoint} />
        </li>
      ))}
    </ul>
  );
}

export function IntegrationsTab({
  tab,
  action,
}: {
  tab: Tab;
  action: IntegrationsTabAction | undefined;
}) {
  const t = useT();
  return (
    <div className="team" role="region" aria-labelledby="integrations-heading">
      <div className="card">
        <h2 id="integrations-heading">{t("integrations.webhooks.title")}</h2>
        <p>
          <Trans
            id="integrations.webhooks.intro"
            components={{ 0: <Link to="/docs/api#webhooks" /> }}
          />
        </p>
        {tab.limit === 0 ? (
          <div className="notice notice-warning" role="status">
            <p>
              {t("integrations.webhooks.plan", { plan: tab.planName })}
              {tab.endpoints.length > 0 ? ` ${t("integrations.webhooks.planKept")}` : ""}
            </p>
            <UpgradeLink href={tab.upgrade.href} />
          </div>
        ) : null}
      </div>
      {!tab.manage ? (
        <p className="notice" role="status">
          {t("integrations.ownersAndAdmins")}
        </p>
      ) : (
        <>
          {action?.integrationError ? (
            <Result as="p" answer={action} className="notice notice-error" role="alert">
              {action.integrationError}
            </Result>
          ) : null}
          {action?.endpointForm && tab.limit === 0 ? (
            <Result as="p" answer={action} className="notice notice-error" role="alert">
              {action.endpointForm.error}
            </Result>
          ) : null}
          {action?.secret ? <Secret secret={action.secret} /> : null}
          {tab.limit > 0 ? <AddEndpoint tab={tab} form={action?.endpointForm} /> : null}
          {tab.limit === 0 && tab.endpoints.length === 0 ? null : (
            <section aria-labelledby="endpoint-list-heading">
              <h2 id="endpoint-list-heading">
                {t("integrations.webhooks.list")}{" "}
                <span className="muted small">
                  {t("integrations.domains.count", {
                    count: tab.endpoints.length,
                    limit: tab.limit,
                  })}
                </span>
              </h2>
              <Endpoints tab={tab} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
