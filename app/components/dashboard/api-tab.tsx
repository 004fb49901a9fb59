import { TabFormFields } from "./tab-form-fields";
import { Form, Link } from "react-router";
import { KEY_NAME_MAX } from "../../api/key-form";
import { SCOPE_DESCRIPTIONS, type ApiScope } from "../../api/keys";
import type { ApiTabData } from "../../dashboard/api-tab.server";
import { CopyButton } from "../copy-button";
import { Result, toResult } from "../result";

// The dashboard's API tab: plain forms posting to /dashboard?tab=api, so that all of it works
// without JavaScript. A new key is shown once, in the answer to the form that made it.

export interface ApiTabAction {
  createdKey?: { name: string; key: string; scopes: string[] };
  keyForm?: { error: string; values: { name?: unknown; scopes: unknown[]; expiresOn?: string } };
}

const ACTION = toResult("/dashboard?tab=api");

function NewKey({ created }: { created: NonNullable<ApiTabAction["createdKey"]> }) {
  return (
    <Result
      as="section"
      answer={created}
      className="card notice notice-success"
      aria-labelledby="new-key-heading"
    >
      <h2 id="new-key-heading">Copy your new key now</h2>
      <p>
        This is the only time “{created.name}” is shown. We keep only a hash of it; if you lose it,
        revoke it and make another.
      </p>
      <div className="new-key">
        <label htmlFor="new-key" className="sr-only">
          New API key
        </label>
        <input id="new-key" readOnly value={created.key} className="mono" spellCheck={false} />
        <CopyButton text={created.key} label="Copy key" copiedTitle="Key copied!" />
      </div>
      <p className="small muted">
        Scopes: {created.scopes.join(", ")}. Send it as <code>Authorization: Bearer …</code>; see
        the <Link to="/docs/api">API reference</Link>.
      </p>
    </Result>
  );
}

function CreateKey({ api, form }: { api: ApiTabData; form: ApiTabAction["keyForm"] }) {
  if (api.full) {
    return (
      <p className="notice notice-warning" role="status">
        This workspace has {api.maxKeys} keys, the most it can have. Revoke one to make another.
      </p>
    );
  }
  const chosen = new Set((form?.values.scopes ?? ["codes:read", "codes:write"]).map(String));
  return (
    <section className="card" aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">Create a key</h2>
      {form ? (
        <Result
          as="p"
          answer={form}
          className="notice notice-error"
          role="alert"
          aria-label="Key not created"
        >
          <span id="key-form-error">{form.error}</span>
        </Result>
      ) : null}
      <Form method="post" action={ACTION} className="api-key-form">
        <TabFormFields workspaceId={api.workspaceId} intent="create-key" />
        <div className="field">
          <label htmlFor="key-name">Name</label>
          <input
            id="key-name"
            name="name"
            required
            maxLength={KEY_NAME_MAX}
            placeholder="Print pipeline"
            defaultValue={typeof form?.values.name === "string" ? form.values.name : ""}
            aria-describedby={form ? "key-form-error" : undefined}
          />
        </div>
        <fieldset>
          <legend>Scopes</legend>
          {api.scopes.map((scope: ApiScope) => (
            <label key={scope} className="role-choice">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                defaultChecked={chosen.has(scope)}
              />
              <span>
                <code>{scope}</code>
                <span className="muted small"> — {SCOPE_DESCRIPTIONS[scope]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="key-expires">Expires on (optional)</label>
          <input
            id="key-expires"
            name="expiresOn"
            type="date"
            min={api.minExpiry}
            defaultValue={form?.values.expiresOn ?? ""}
          />
          <p className="muted small">Leave empty for a key that works until revoked.</p>
        </div>
        <button type="submit" className="btn btn-primary">
          Create key
        </button>
      </Form>
    </section>
  );
}

function Keys({ api }: { api: ApiTabData }) {
  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">
        Keys{" "}
        <span className="muted small">
          ({api.working} of {api.maxKeys} in use)
        </span>
      </h2>
      {api.keys.length === 0 ? (
        <p className="muted">No keys yet. Create one above to call the API.</p>
      ) : (
        <ul className="member-list">
          {api.keys.map((key) => (
            <li key={key.id} className="card member">
              <h3>
                {key.name} <span className="badge">{key.status}</span>
              </h3>
              <p className="small">
                <code>{key.masked}</code> · {key.scopes.join(", ")}
              </p>
              <p className="muted small">
                Created by {key.createdBy} on {key.createdAt} · last used {key.lastUsed} · expires{" "}
                {key.expires}
              </p>
              {key.status === "Revoked" ? null : (
                <details className="inline-details">
                  <summary className="btn btn-ghost btn-danger">Revoke</summary>
                  <div className="confirm">
                    <p>Revoke “{key.name}”? Everything using it stops working at once, with 401.</p>
                    <Form method="post" action={ACTION}>
                      <TabFormFields workspaceId={api.workspaceId} intent="revoke-key" />
                      <input type="hidden" name="key" value={key.id} />
                      <button type="submit" className="btn btn-danger-solid">
                        Revoke {key.name}
                      </button>
                    </Form>
                  </div>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ApiTab({ api, action }: { api: ApiTabData; action: ApiTabAction | undefined }) {
  return (
    <div className="team" role="region" aria-labelledby="api-heading">
      <div className="card">
        <h2 id="api-heading">API keys</h2>
        <p>
          Make QR codes and read their analytics from your own systems. Keys belong to this
          workspace and act for it. <Link to="/docs/api">Read the API reference</Link>.
        </p>
        {api.available ? null : (
          <div className="notice notice-warning" role="status">
            <p>
              The API is part of the Ultimate plan; this workspace is on {api.planName}. Existing
              keys are kept and answer 403 until then.
            </p>
            <Link to={api.upgrade.href}>{api.upgrade.label}</Link>
          </div>
        )}
      </div>
      {!api.manage ? (
        <p className="notice" role="status">
          Only the workspace&rsquo;s owner and admins can see and manage its API keys.
        </p>
      ) : (
        <>
          {action?.createdKey ? <NewKey created={action.createdKey} /> : null}
          {api.available ? <CreateKey api={api} form={action?.keyForm} /> : null}
          <Keys api={api} />
        </>
      )}
    </div>
  );
}
