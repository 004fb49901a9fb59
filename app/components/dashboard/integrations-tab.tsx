import { TabFormFields } from "./tab-form-fields";
import { Form, Link } from "react-router";
import type {
  IntegrationsTabAction,
  IntegrationsTabData,
} from "../../dashboard/integrations-tab.server";
import { CopyButton } from "../copy-button";
import { Result, toResult } from "../result";

// The dashboard's Integrations tab (issue #19): plain forms posting to
// /dashboard?tab=integrations, so that all of it works without JavaScript.

const ACTION = toResult("/dashboard?tab=integrations");

type Tab = IntegrationsTabData;
type Endpoint = Tab["endpoints"][number];

function Secret({ secret }: { secret: NonNullable<IntegrationsTabAction["secret"]> }) {
  return (
    <Result
      as="section"
      answer={secret}
      className="card notice notice-success"
      aria-labelledby="secret-heading"
    >
      <h2 id="secret-heading">
        {secret.created ? "Endpoint added: its signing secret" : "Signing secret"}
      </h2>
      <p>
        Deliveries to <code>{secret.url}</code> are signed with this secret. Verify them with it
        (see <Link to="/docs/api#webhooks">how</Link>); you can show it again here at any time.
      </p>
      <div className="new-key">
        <label htmlFor="webhook-secret" className="sr-only">
          Signing secret
        </label>
        <input
          id="webhook-secret"
          readOnly
          value={secret.secret}
          className="mono"
          spellCheck={false}
        />
        <CopyButton text={secret.secret} label="Copy secret" copiedTitle="Secret copied!" />
      </div>
    </Result>
  );
}

function AddEndpoint({ tab, form }: { tab: Tab; form: IntegrationsTabAction["endpointForm"] }) {
  if (tab.endpoints.length >= tab.limit) {
    return (
      <p className="notice notice-warning" role="status">
        This workspace has {tab.limit} endpoints, the most the {tab.planName} plan allows. Remove
        one to add another.
      </p>
    );
  }
  const chosen = new Set(form?.events ?? tab.events.map((event) => event.name));
  return (
    <section className="card" aria-labelledby="add-endpoint-heading">
      <h2 id="add-endpoint-heading">Add an endpoint</h2>
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
          <label htmlFor="endpoint-url">Address</label>
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
            An https address on the internet, such as a Zapier, Make or Slack workflow&rsquo;s
            webhook URL.
            {tab.development
              ? " On this local server, http://localhost:PORT and http://127.0.0.1:PORT work too."
              : ""}
          </p>
        </div>
        <fieldset>
          <legend>Events</legend>
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
                <span className="muted small"> — {event.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          Add endpoint
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
  if (endpoint.deliveries.length === 0) {
    return <p className="muted small">No deliveries yet. Send a test event to try it.</p>;
  }
  return (
    <details className="webhook-log">
      <summary>Recent deliveries ({endpoint.deliveries.length})</summary>
      <ul className="webhook-deliveries">
        {endpoint.deliveries.map((delivery) => (
          <li key={delivery.id} className={`webhook-delivery outcome-${delivery.outcome}`}>
            <p>
              <code>{delivery.type}</code> · attempt {delivery.attempt} ·{" "}
              <strong>{delivery.outcomeWords}</strong> · {delivery.status}
              {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ""} · {delivery.when}
            </p>
            {delivery.error ? <p className="small">{delivery.error}</p> : null}
            <p className="muted small">
              Event <code>{delivery.eventId}</code>
            </p>
            {delivery.response ? (
              <details>
                <summary className="small">Answer (first 2 KB)</summary>
                <pre className="webhook-response">{delivery.response}</pre>
              </details>
            ) : null}
            {endpoint.enabled ? (
              <EndpointForm
                tab={tab}
                endpoint={endpoint}
                intent="resend-delivery"
                label="Resend"
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
  if (tab.endpoints.length === 0) {
    return <p className="muted">No endpoints yet.{tab.limit > 0 ? " Add one above." : ""}</p>;
  }
  return (
    <ul className="member-list">
      {tab.endpoints.map((endpoint) => (
        <li key={endpoint.id} className="card member domain">
          <h3 className="webhook-url">
            {endpoint.url}{" "}
            <span className={`badge badge-${endpoint.enabled ? "active" : "failed"}`}>
              {endpoint.enabled ? "Enabled" : "Disabled"}
            </span>
          </h3>
          {endpoint.disabledReason ? (
            <p className="notice notice-warning">
              Disabled: {endpoint.disabledReason} Fix the address, then enable it again.
            </p>
          ) : null}
          <p className="small">Events: {endpoint.events.join(", ")}</p>
          <p className="muted small">
            Added {endpoint.added}
            {endpoint.failures > 0 ? ` · ${endpoint.failures} failed deliveries in a row` : ""}
            {endpoint.rotating
              ? ` · the previous secret also signs until ${endpoint.rotating}`
              : ""}
          </p>
          <div className="domain-actions">
            {endpoint.enabled ? (
              <EndpointForm
                tab={tab}
                endpoint={endpoint}
                intent="test-endpoint"
                label="Send test event"
              />
            ) : (
              <EndpointForm
                tab={tab}
                endpoint={endpoint}
                intent="enable-endpoint"
                label="Enable again"
              />
            )}
            <EndpointForm
              tab={tab}
              endpoint={endpoint}
              intent="reveal-secret"
              label="Show secret"
              className="btn btn-ghost"
            />
            <EndpointForm
              tab={tab}
              endpoint={endpoint}
              intent="rotate-secret"
              label="Rotate secret"
              className="btn btn-ghost"
            />
            <details className="inline-details">
              <summary className="btn btn-ghost btn-danger">Remove</summary>
              <div className="confirm">
                <p>Remove this endpoint? Events stop going to it at once.</p>
                <EndpointForm
                  tab={tab}
                  endpoint={endpoint}
                  intent="remove-endpoint"
                  label={`Remove ${endpoint.url}`}
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
  return (
    <div className="team" role="region" aria-labelledby="integrations-heading">
      <div className="card">
        <h2 id="integrations-heading">Webhooks</h2>
        <p>
          Send your codes&rsquo; events to your CRM, Slack or Zapier as they happen: each one is a
          signed POST in the Standard Webhooks format.{" "}
          <Link to="/docs/api#webhooks">How to receive and verify them</Link>.
        </p>
        {tab.limit === 0 ? (
          <div className="notice notice-warning" role="status">
            <p>
              Webhooks (custom integrations) are part of the Ultimate plan; this workspace is on{" "}
              {tab.planName}.
              {tab.endpoints.length > 0
                ? " Its endpoints are kept, and get events again after an upgrade."
                : ""}
            </p>
            <Link to={tab.upgrade.href}>{tab.upgrade.label}</Link>
          </div>
        ) : null}
      </div>
      {!tab.manage ? (
        <p className="notice" role="status">
          {tab.refusal}
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
                Endpoints{" "}
                <span className="muted small">
                  ({tab.endpoints.length} of {tab.limit})
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
