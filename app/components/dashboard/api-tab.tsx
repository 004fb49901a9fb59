import { TabFormFields } from "./tab-form-fields";
import { Form, Link } from "react-router";
import { KEY_NAME_MAX } from "../../api/key-form";
import type { ApiScope } from "../../api/keys";
import type { ApiTabData } from "../../dashboard/api-tab.server";
import { CopyButton } from "../copy-button";
import { Result, toResult } from "../result";
import { FormattedDate } from "../formatted-date";
import { Trans, useErrorText, useT } from "../../i18n/i18n";

// The dashboard's API tab: plain forms posting to /dashboard?tab=api, so that all of it works
// without JavaScript. A new key is shown once, in the answer to the form that made it.

export interface ApiTabAction {
  createdKey?: { name: string; key: string; scopes: string[] };
  keyForm?: { error: string; values: { name?: unknown; scopes: unknown[]; expiresOn?: string } };
}

const ACTION = toResult("/dashboard?tab=api");

function NewKey({ created }: { created: NonNullable<ApiTabAction["createdKey"]> }) {
  const t = useT();
  return (
    <Result
      as="section"
      answer={created}
      className="card notice notice-success"
      aria-labelledby="new-key-heading"
    >
      <h2 id="new-key-heading">{t("integrations.api.new.title")}</h2>
      <p>{t("integrations.api.new.once", { name: created.name })}</p>
      <div className="new-key">
        <label htmlFor="new-key" className="sr-only">
          {t("integrations.api.new.label")}
        </label>
        <input id="new-key" readOnly value={created.key} className="mono" spellCheck={false} />
        <CopyButton
          text={created.key}
          label={t("integrations.api.new.copy")}
          copiedTitle={t("integrations.api.new.copied")}
        />
      </div>
      <p className="small muted">
        <Trans
          id="integrations.api.new.howTo"
          values={{ scopes: created.scopes.join(", ") }}
          components={{ 0: <code dir="ltr" />, 1: <Link to="/docs/api" /> }}
        />
      </p>
    </Result>
  );
}

function CreateKey({ api, form }: { api: ApiTabData; form: ApiTabAction["keyForm"] }) {
  const t = useT();
  const errorText = useErrorText();
  if (api.full) {
    return (
      <p className="notice notice-warning" role="status">
        {t("integrations.api.full", { max: api.maxKeys })}
      </p>
    );
  }
  const chosen = new Set((form?.values.scopes ?? ["codes:read", "codes:write"]).map(String));
  return (
    <section className="card" aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">{t("integrations.api.create.title")}</h2>
      {form ? (
        <Result
          as="p"
          answer={form}
          className="notice notice-error"
          role="alert"
          aria-label={t("integrations.api.toast.notCreated")}
        >
          <span id="key-form-error">{errorText(form.error)}</span>
        </Result>
      ) : null}
      <Form method="post" action={ACTION} className="api-key-form">
        <TabFormFields workspaceId={api.workspaceId} intent="create-key" />
        <div className="field">
          <label htmlFor="key-name">{t("integrations.api.create.name")}</label>
          <input
            id="key-name"
            name="name"
            required
            maxLength={KEY_NAME_MAX}
            placeholder={t("integrations.api.create.namePlaceholder")}
            defaultValue={typeof form?.values.name === "string" ? form.values.name : ""}
            aria-describedby={form ? "key-form-error" : undefined}
          />
        </div>
        <fieldset>
          <legend>{t("integrations.api.create.scopes")}</legend>
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
                <span className="muted small"> — {t(`integrations.api.scope.${scope}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="key-expires">{t("integrations.api.create.expires")}</label>
          <input
            id="key-expires"
            name="expiresOn"
            type="date"
            min={api.minExpiry}
            defaultValue={form?.values.expiresOn ?? ""}
          />
          <p className="muted small">{t("integrations.api.create.expiresHint")}</p>
        </div>
        <button type="submit" className="btn btn-primary">
          {t("integrations.api.create.submit")}
        </button>
      </Form>
    </section>
  );
}

function Keys({ api }: { api: ApiTabData }) {
  const t = useT();
  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">
        {t("integrations.api.keys.title")}{" "}
        <span className="muted small">
          {t("integrations.api.keys.inUse", { working: api.working, max: api.maxKeys })}
        </span>
      </h2>
      {api.keys.length === 0 ? (
        <p className="muted">{t("integrations.api.keys.none")}</p>
      ) : (
        <ul className="member-list">
          {api.keys.map((key) => (
            <li key={key.id} className="card member">
              <h3>
                {key.name}{" "}
                <span className="badge">{t(`integrations.api.status.${key.status}`)}</span>
              </h3>
              <p className="small">
                <code>{key.masked}</code> · {key.scopes.join(", ")}
              </p>
              <p className="muted small">
                <Trans
                  id="integrations.api.keys.meta"
                  values={{
                    by: key.createdBy ?? t("integrations.api.keys.formerMember"),
                    used: key.lastUsed ?? t("integrations.api.keys.never"),
                  }}
                  components={{
                    0: <FormattedDate value={key.createdAt} />,
                    1: key.expires ? (
                      <FormattedDate value={key.expires} />
                    ) : (
                      <span>{t("integrations.api.keys.never")}</span>
                    ),
                  }}
                />
              </p>
              {key.status === "revoked" ? null : (
                <details className="inline-details">
                  <summary className="btn btn-ghost btn-danger">
                    {t("integrations.api.keys.revoke")}
                  </summary>
                  <div className="confirm">
                    <p>{t("integrations.api.keys.revokeConfirm", { name: key.name })}</p>
                    <Form method="post" action={ACTION}>
                      <TabFormFields workspaceId={api.workspaceId} intent="revoke-key" />
                      <input type="hidden" name="key" value={key.id} />
                      <button type="submit" className="btn btn-danger-solid">
                        {t("integrations.api.keys.revokeNamed", { name: key.name })}
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
  const t = useT();
  return (
    <div className="team" role="region" aria-labelledby="api-heading">
      <div className="card">
        <h2 id="api-heading">{t("integrations.api.title")}</h2>
        <p>
          <Trans id="integrations.api.intro" components={{ 0: <Link to="/docs/api" /> }} />
        </p>
        {api.available ? null : (
          <div className="notice notice-warning" role="status">
            <p>{t("integrations.api.unavailable", { plan: api.planName })}</p>
            <Link to={api.upgrade.href}>{api.upgrade.label}</Link>
          </div>
        )}
      </div>
      {!api.manage ? (
        <p className="notice" role="status">
          {t("integrations.api.ownersOnly")}
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
