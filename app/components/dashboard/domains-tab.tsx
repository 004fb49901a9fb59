import { TabFormFields } from "./tab-form-fields";
import { Form, Link } from "react-router";
import type { DomainsTabAction, DomainsTabData } from "../../dashboard/domains-tab.server";
import { CopyButton } from "../copy-button";
import { Result, toResult } from "../result";
import { Trans, useT } from "../../i18n/i18n";

// The dashboard's Domains tab: plain forms posting to /dashboard?tab=domains, so all of it works
// without JavaScript.

const ACTION = toResult("/dashboard?tab=domains");

function AddDomain({ tab, form }: { tab: DomainsTabData; form: DomainsTabAction["domainForm"] }) {
  const t = useT();
  if (tab.domains.length >= tab.limit) {
    return (
      <p className="notice notice-warning" role="status">
        {t("integrations.domains.full", { limit: tab.limit, plan: tab.planName })}
      </p>
    );
  }
  return (
    <section className="card" aria-labelledby="add-domain-heading">
      <h2 id="add-domain-heading">{t("integrations.domains.add.title")}</h2>
      {form ? (
        <Result as="p" answer={form} className="notice notice-error" role="alert">
          <span id="domain-form-error">{form.error}</span>
        </Result>
      ) : null}
      {/* A new key once a domain is added empties the form (with JavaScript too). */}
      <Form
        method="post"
        action={ACTION}
        className="domain-form"
        key={tab.domains.map((domain) => domain.id).join()}
      >
        <TabFormFields workspaceId={tab.workspaceId} intent="add-domain" />
        <div className="field">
          <label htmlFor="domain-hostname">{t("integrations.domains.add.hostname")}</label>
          <input
            id="domain-hostname"
            name="hostname"
            required
            maxLength={300}
            placeholder="qr.example.com"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={form?.hostname ?? ""}
            aria-invalid={form ? true : undefined}
            aria-describedby={form ? "domain-form-error domain-hint" : "domain-hint"}
          />
          <p className="muted small" id="domain-hint">
            <Trans id="integrations.domains.add.hint" components={{ 0: <code /> }} />
          </p>
        </div>
        <button type="submit" className="btn btn-primary">
          {t("integrations.domains.add.submit")}
        </button>
      </Form>
    </section>
  );
}

function Confirm({
  tab,
  confirm,
}: {
  tab: DomainsTabData;
  confirm: NonNullable<DomainsTabAction["confirmRemove"]>;
}) {
  const t = useT();
  return (
    <Result
      as="section"
      answer={confirm}
      className="card notice notice-warning"
      role="alert"
      aria-labelledby="confirm-heading"
    >
      <h2 id="confirm-heading">
        {t("integrations.domains.confirm.title", { hostname: confirm.hostname })}
      </h2>
      <p>{t("integrations.domains.confirm.text", { count: confirm.links })}</p>
      <Form method="post" action={ACTION} className="confirm-actions">
        <TabFormFields workspaceId={tab.workspaceId} intent="remove-domain" />
        <input type="hidden" name="domain" value={confirm.id} />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="btn btn-danger-solid">
          {t("integrations.domains.confirm.submit", { hostname: confirm.hostname })}
        </button>{" "}
        <Link to="/dashboard?tab=domains" className="btn btn-ghost">
          {t("integrations.domains.confirm.keep")}
        </Link>
      </Form>
    </Result>
  );
}

function Domains({ tab }: { tab: DomainsTabData }) {
  const t = useT();
  if (tab.domains.length === 0) {
    return <p className="muted">{t("integrations.domains.none")}</p>;
  }
  return (
    <ul className="member-list">
      {tab.domains.map((domain) => (
        <li key={domain.id} className="card member domain">
          <h3>
            {domain.hostname}{" "}
            <span className={`badge badge-${domain.status}`}>
              {t(`integrations.domains.badge.${domain.status}`)}
            </span>
          </h3>
          {domain.hostname !== domain.ascii ? (
            <p className="muted small">
              {t("integrations.domains.inDns")} <code>{domain.ascii}</code>
            </p>
          ) : null}
          <p>{t(`integrations.domains.status.${domain.status}`)}</p>
          {domain.problems.length > 0 ? (
            <ul className="domain-problems">
              {domain.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          {domain.status === "active" ? null : (
            <div className="dns-record">
              <p className="small">{t("integrations.domains.record")}</p>
              <table className="dns-table">
                <thead>
                  <tr>
                    <th scope="col">{t("integrations.domains.record.type")}</th>
                    <th scope="col">{t("integrations.domains.record.name")}</th>
                    <th scope="col">{t("integrations.domains.record.target")}</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>CNAME</td>
                    <td>
                      <code>{domain.ascii}</code>
                    </td>
                    <td>
                      <code>{tab.target}</code>{" "}
                      <CopyButton
                        text={tab.target}
                        label={t("integrations.domains.copyTarget")}
                        copiedTitle={t("integrations.domains.copied")}
                      />
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
          )}
          <p className="muted small">
            {t("integrations.domains.details", {
              hostname: domain.hostnameStatus ?? t("integrations.domains.unknown"),
              certificate: domain.certificateStatus ?? t("integrations.domains.unknown"),
              checked: domain.checked ?? t("integrations.api.keys.never"),
              count: domain.links,
            })}
          </p>
          {tab.manage ? (
            <div className="domain-actions">
              <Form method="post" action={ACTION}>
                <TabFormFields workspaceId={tab.workspaceId} intent="check-domain" />
                <input type="hidden" name="domain" value={domain.id} />
                <button type="submit" className="btn btn-secondary">
                  {t("integrations.domains.check")}
                </button>
              </Form>
              <Form method="post" action={ACTION}>
                <TabFormFields workspaceId={tab.workspaceId} intent="remove-domain" />
                <input type="hidden" name="domain" value={domain.id} />
                <button type="submit" className="btn btn-ghost btn-danger">
                  {t("integrations.domains.remove", { hostname: domain.hostname })}
                </button>
              </Form>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function DomainsTab({
  tab,
  action,
}: {
  tab: DomainsTabData;
  action: DomainsTabAction | undefined;
}) {
  const t = useT();
  return (
    <div className="team" role="region" aria-labelledby="domains-heading">
      <div className="card">
        <h2 id="domains-heading">{t("integrations.domains.title")}</h2>
        <p>
          <Trans id="integrations.domains.intro" components={{ 0: <code /> }} />
        </p>
        {tab.testMode ? (
          <p className="notice" role="status">
            <Trans id="integrations.domains.testMode" components={{ 0: <strong /> }} />
          </p>
        ) : null}
        {tab.unavailable ? (
          <p className="notice notice-warning" role="status">
            {t("integrations.domains.unavailable")}
          </p>
        ) : null}
        {tab.limit === 0 ? (
          <div className="notice notice-warning" role="status">
            <p>
              {t("integrations.domains.plan", { plan: tab.planName })}
              {tab.domains.length > 0 ? ` ${t("integrations.domains.planKept")}` : ""}
            </p>
            <Link to={tab.upgrade.href}>{tab.upgrade.label}</Link>
          </div>
        ) : null}
      </div>
      {action?.confirmRemove ? <Confirm tab={tab} confirm={action.confirmRemove} /> : null}
      {action?.domainError ? (
        <Result as="p" answer={action} className="notice notice-error" role="alert">
          {action.domainError}
        </Result>
      ) : null}
      {!tab.manage ? (
        <p className="notice" role="status">
          {tab.refusal}
        </p>
      ) : tab.limit > 0 ? (
        <AddDomain tab={tab} form={action?.domainForm} />
      ) : null}
      <section aria-labelledby="domain-list-heading">
        <h2 id="domain-list-heading">
          {t("integrations.domains.list")}{" "}
          <span className="muted small">
            {t("integrations.domains.count", { count: tab.domains.length, limit: tab.limit })}
          </span>
        </h2>
        <Domains tab={tab} />
      </section>
    </div>
  );
}
