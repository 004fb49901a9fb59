import { data, Form, Link } from "react-router";
import { FormattedDate } from "../components/formatted-date";
import { StaffNav } from "../components/staff/staff-nav";
import { WorkspaceCard } from "../components/staff/workspace-facts";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import {
  EMAIL_PREFIX_MIN,
  LOOKUP_LIMIT,
  LOOKUP_MAX,
  lookupTerms,
  workspacePath,
} from "../staff/lookup";
import { lookup } from "../staff/lookup.server";
import staffCss from "../styles/staff.css?url";
import type { Route } from "./+types/staff.lookup";

// The staff lookup (issue #31): one search box, a plain GET form, that finds people by e-mail
// and workspaces by custom domain, short link or id. Read-only; suspensions are made on a
// workspace's own page.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: staffCss, precedence: "page" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context);
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, LOOKUP_MAX);
  const terms = lookupTerms(query);
  const result = terms ? await lookup(createDatabase(), terms, new Date()) : null;
  return data(
    { query, result, unreadable: query.trim() !== "" && !terms },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta = () => [
  ...pageMeta("Lookup", "People and workspaces."),
  { name: "robots", content: "noindex" },
];

export default function StaffLookup({ loaderData }: Route.ComponentProps) {
  const { query, result, unreadable } = loaderData;
  const empty = result && result.people.length === 0 && result.workspaces.length === 0;
  return (
    <section className="container staff">
      <StaffNav />
      <header className="page-header">
        <h1>Lookup</h1>
        <p className="lead">
          Find people and workspaces by e-mail address (whole, or its first {EMAIL_PREFIX_MIN}{" "}
          characters or more), custom domain, short link or its slug, or workspace id.
        </p>
      </header>
      <Form method="get" className="staff-search" role="search">
        <label htmlFor="lookup-q">E-mail, domain, short link or workspace id</label>
        <div className="staff-search-row">
          <input
            id="lookup-q"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={LOOKUP_MAX}
            required
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="btn btn-primary">
            Look up
          </button>
        </div>
      </Form>
      {unreadable ? (
        <p className="notice notice-error" role="alert">
          Type one thing without spaces: an address, a hostname, a short link or an id.
        </p>
      ) : null}
      {empty ? (
        <p className="muted" role="status">
          Nothing matches “{query}”.
        </p>
      ) : null}
      {result && result.people.length > 0 ? (
        <section aria-labelledby="people-heading">
          <h2 id="people-heading">People</h2>
          {result.people.length === LOOKUP_LIMIT ? (
            <p className="muted small">The first {LOOKUP_LIMIT}; type more of the address.</p>
          ) : null}
          <ul className="staff-cards">
            {result.people.map((person) => (
              <li key={person.id} className="staff-card">
                <h3>{person.email}</h3>
                <dl className="staff-facts">
                  <dt>Address</dt>
                  <dd>{person.verified ? "Confirmed" : "Not confirmed"}</dd>
                  <dt>Signed up</dt>
                  <dd>
                    <FormattedDate value={person.createdAt} />
                  </dd>
                  <dt>Signs in with</dt>
                  <dd>{person.methods.join(", ")}</dd>
                  <dt>Workspaces</dt>
                  <dd>
                    <ul className="staff-inline-list">
                      {person.workspaces.map((workspace) => (
                        <li key={workspace.id}>
                          <Link to={workspacePath(workspace.id)}>{workspace.name}</Link> (
                          {workspace.role})
                        </li>
                      ))}
                    </ul>
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result && result.workspaces.length > 0 ? (
        <section aria-labelledby="workspaces-heading">
          <h2 id="workspaces-heading">Workspaces</h2>
          <ul className="staff-cards">
            {result.workspaces.map((workspace) => (
              <WorkspaceCard key={workspace.id} workspace={workspace} />
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
