import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { FieldError } from "../components/field-error";
import { FormattedDate } from "../components/formatted-date";
import { StaffNav } from "../components/staff/staff-nav";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import { addBlockedDomainSchema, REASON_MAX } from "../staff/blocklist";
import { blocklistAction, blocklistPage } from "../staff/blocklist.server";
import staffCss from "../styles/staff.css?url";
import type { Route } from "./+types/staff.blocklist";

// The domain blocklist of tracked links (issue #31): staff add and remove domains; the
// maintained list file applies beside them. A newly blocked domain's existing links are listed.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: staffCss, precedence: "page" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context);
  const shown = new URL(request.url).searchParams.get("domain");
  const page = await blocklistPage(createDatabase(), shown);
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context);
  return blocklistAction(request, createDatabase(), staff);
}

export const meta = () => [
  ...pageMeta("Domain blocklist", "Domains no tracked link may lead to."),
  { name: "robots", content: "noindex" },
];

const SAFE_BROWSING = {
  google: "Google Safe Browsing is asked about every new destination as well.",
  simulated:
    "Safe Browsing runs in TEST MODE: a local twin that flags only Google's test pages (testsafebrowsing.appspot.com).",
  off: "Google Safe Browsing is not configured (no SAFE_BROWSING_API_KEY): only the blocklist applies.",
} as const;

function AddForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "add-domain",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addBlockedDomainSchema }),
  });
  const domain = fields.domain;
  const reason = fields.reason;
  const { key: domainKey, ...domainProps } = getInputProps(domain, { type: "text" });
  const { key: reasonKey, ...reasonProps } = getInputProps(reason, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="card staff-block-form">
      <h2>Block a domain</h2>
      <input type="hidden" name="intent" value="add" />
      <div className="field">
        <label htmlFor={domain.id}>Domain</label>
        <input
          key={domainKey}
          {...domainProps}
          autoCapitalize="none"
          spellCheck={false}
          placeholder="evil.example"
          aria-describedby={`${domain.id}-hint${domain.errors?.length ? ` ${domain.errorId}` : ""}`}
        />
        <p className="field-hint" id={`${domain.id}-hint`}>
          Also blocks every name under it (login.evil.example).
        </p>
        <FieldError id={domain.errorId} errors={domain.errors} />
      </div>
      <div className="field">
        <label htmlFor={reason.id}>Reason</label>
        <input
          key={reasonKey}
          {...reasonProps}
          maxLength={REASON_MAX}
          placeholder="Phishing reported in ticket #123"
          aria-describedby={reason.errors?.length ? reason.errorId : undefined}
        />
        <FieldError id={reason.errorId} errors={reason.errors} />
      </div>
      <button type="submit" className="btn btn-primary">
        Block domain
      </button>
    </Form>
  );
}

export default function StaffBlocklist({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, maintainedCount, safeBrowsing, shown } = loaderData;
  return (
    <section className="container staff">
      <StaffNav />
      <header className="page-header">
        <h1>Domain blocklist</h1>
        <p className="lead">
          No new tracked link, and no change of destination, may lead to these domains or any name
          under them. {maintainedCount} more are in the maintained list file
          (app/destinations/blocklist.txt), changed by pull request.
        </p>
        <p className="muted">{SAFE_BROWSING[safeBrowsing]}</p>
      </header>
      {/* A new entry remounts the form, so that with JavaScript it is empty again after adding. */}
      <AddForm key={entries.length} lastResult={actionData?.result} />
      {shown ? (
        <section id="links" tabIndex={-1} aria-labelledby="links-heading">
          <h2 id="links-heading">Existing links to {shown.domain}</h2>
          <p>
            {shown.count === 0
              ? "No tracked link leads there."
              : `${shown.count} tracked ${shown.count === 1 ? "link leads" : "links lead"} there. They keep redirecting until they are disabled.`}
          </p>
          {shown.links.length > 0 && (
            <table className="staff-table" aria-labelledby="links-heading">
              <thead>
                <tr>
                  <th scope="col">Short link</th>
                  <th scope="col">Destination</th>
                  <th scope="col">Code</th>
                  <th scope="col">Workspace</th>
                </tr>
              </thead>
              <tbody>
                {shown.links.map((link) => (
                  <tr key={link.slug}>
                    <td>/s/{link.slug}</td>
                    <td>{link.destination}</td>
                    <td>
                      {link.codeId === null
                        ? "deleted"
                        : `#${link.codeId}${link.title ? ` ${link.title}` : ""}`}
                    </td>
                    <td>{link.workspace ?? "none"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {shown.count > shown.links.length && (
            <p className="muted">The first {shown.links.length} are listed.</p>
          )}
        </section>
      ) : null}
      <h2 id="blocked-heading">Blocked by staff</h2>
      {entries.length === 0 ? (
        <p className="muted">Staff have blocked no domain yet.</p>
      ) : (
        <table className="staff-table" aria-labelledby="blocked-heading">
          <thead>
            <tr>
              <th scope="col">Domain</th>
              <th scope="col">Reason</th>
              <th scope="col">Added</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.domain}>
                <td>{entry.domain}</td>
                <td>{entry.reason}</td>
                <td>
                  <FormattedDate value={entry.at} time /> by {entry.by}
                </td>
                <td>
                  <Link to={`?domain=${encodeURIComponent(entry.domain)}#links`}>
                    Existing links
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="domain" value={entry.domain} />
                    <button type="submit" className="btn btn-ghost btn-small">
                      Unblock <span className="sr-only">{entry.domain}</span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
