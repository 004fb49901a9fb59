import { TabFormFields } from "./tab-form-fields";
import { Form, Link } from "react-router";
import type { DomainsTabAction, DomainsTabData } from "../../dashboard/domains-tab.server";
import { CopyButton } from "../copy-button";
import { Result, toResult } from "../result";

// The dashboard's Domains tab: plain forms posting to /dashboard?tab=domains, so all of it works
// without JavaScript.

const ACTION = toResult("/dashboard?tab=domains");

const BADGES = { active: "Active", pending: "Pending", failed: "Needs attention" } as const;

function AddDomain({ tab, form }: { tab: DomainsTabData; form: DomainsTabAction["domainForm"] }) {
  if (tab.domains.length >= tab.limit) {
    return (
      <p className="notice notice-warning" role="status">
        This workspace has {tab.limit} custom domains, the most the {tab.planName} plan allows.
        Remove one to add another.
      </p>
    );
  }
  return (
    <section className="card" aria-labelledby="add-domain-heading">
      <h2 id="add-domain-heading">Add a domain</h2>
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
          <label htmlFor="domain-hostname">Hostname</label>
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
            A subdomain of a domain you own, such as qr.example.com. Your printed codes will open{" "}
            <code>https://qr.example.com/…</code>.
          </p>
        </div>
        <button type="submit" className="btn btn-primary">
          Add domain
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
  return (
    <Result
      as="section"
      answer={confirm}
      className="card notice notice-warning"
      role="alert"
      aria-labelledby="confirm-heading"
    >
      <h2 id="confirm-heading">Remove {confirm.hostname}?</h2>
      <p>
        {confirm.links} tracked {confirm.links === 1 ? "code uses" : "codes use"} this domain.
        Printed codes with it stop working once it is removed; the dashboard then shows this
        service&rsquo;s own link for them.
      </p>
      <Form method="post" action={ACTION} className="confirm-actions">
        <TabFormFields workspaceId={tab.workspaceId} intent="remove-domain" />
        <input type="hidden" name="domain" value={confirm.id} />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="btn btn-danger-solid">
          Remove {confirm.hostname} anyway
        </button>{" "}
        <Link to="/dashboard?tab=domains" className="btn btn-ghost">
          Keep it
        </Link>
      </Form>
    </Result>
  );
}

function Domains({ tab }: { tab: DomainsTabData }) {
  if (tab.domains.length === 0) {
    return <p className="muted">No custom domains yet. Add one above.</p>;
  }
  return (
    <ul className="member-list">
      {tab.domains.map((domain) => (
        <li key={domain.id} className="card member domain">
          <h3>
            {domain.hostname}{" "}
            <span className={`badge badge-${domain.status}`}>{BADGES[domain.status]}</span>
          </h3>
          {domain.hostname !== domain.ascii ? (
            <p className="muted small">
              In DNS: <code>{domain.ascii}</code>
            </p>
          ) : null}
          <p>{domain.statusWords}</p>
          {domain.problems.length > 0 ? (
            <ul className="domain-problems">
              {domain.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          {domain.status === "active" ? null : (
            <div className="dns-record">
              <p className="small">Create this record at your DNS provider:</p>
              <table className="dns-table">
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col">Name</th>
                    <th scope="col">Target</th>
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
                      <CopyButton text={tab.target} label="Copy target" copiedTitle="Copied!" />
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
          )}
          <p className="muted small">
            Hostname: {domain.hostnameStatus ?? "unknown"} · certificate:{" "}
            {domain.certificateStatus ?? "unknown"} · checked {domain.checked} · {domain.links}{" "}
            tracked {domain.links === 1 ? "code" : "codes"}
          </p>
          {tab.manage ? (
            <div className="domain-actions">
              <Form method="post" action={ACTION}>
                <TabFormFields workspaceId={tab.workspaceId} intent="check-domain" />
                <input type="hidden" name="domain" value={domain.id} />
                <button type="submit" className="btn btn-secondary">
                  Check now
                </button>
              </Form>
              <Form method="post" action={ACTION}>
                <TabFormFields workspaceId={tab.workspaceId} intent="remove-domain" />
                <input type="hidden" name="domain" value={domain.id} />
                <button type="submit" className="btn btn-ghost btn-danger">
                  Remove {domain.hostname}
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
  return (
    <div className="team" role="region" aria-labelledby="domains-heading">
      <div className="card">
        <h2 id="domains-heading">Custom domains</h2>
        <p>
          Print tracked codes that open your own address, like <code>qr.example.com/menu</code>,
          instead of ours. Choose the domain when you save a tracked code.
        </p>
        {tab.testMode ? (
          <p className="notice" role="status">
            <strong>TEST MODE</strong>: no DNS is checked on this server; a domain becomes active at
            its first check.
          </p>
        ) : null}
        {tab.unavailable ? (
          <p className="notice notice-warning" role="status">
            Custom domains are not set up on this service yet. Contact support.
          </p>
        ) : null}
        {tab.limit === 0 ? (
          <div className="notice notice-warning" role="status">
            <p>
              Custom domains come with Premium (3 domains) and Ultimate (20); this workspace is on{" "}
              {tab.planName}.
              {tab.domains.length > 0 ? " Its existing domains keep answering their links." : ""}
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
          Domains{" "}
          <span className="muted small">
            ({tab.domains.length} of {tab.limit})
          </span>
        </h2>
        <Domains tab={tab} />
      </section>
    </div>
  );
}
