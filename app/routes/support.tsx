import { data, Link } from "react-router";
import { requireUser } from "../auth/user.server";
import { NewTicketForm } from "../components/support/forms";
import { TicketList } from "../components/support/ticket-list";
import { createDatabase } from "../db/client.server";
import { PLANS } from "../plans/catalogue";
import { pageMeta } from "../seo";
import { openTicket, supportPage } from "../support/tickets.server";
import { requireMembership } from "../workspaces/current.server";
import supportCss from "../styles/support.css?url";
import type { Route } from "./+types/support";

// Priority support (issue #19): the person's requests and a form for a new one. The promised
// first-response time comes from the plan of the workspace they write from.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: supportCss, precedence: "page" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const membership = await requireMembership(request, context);
  const page = await supportPage(createDatabase(), user, membership, new Date());
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const membership = await requireMembership(request, context);
  return openTicket(request, createDatabase(), user, membership, new Date());
}

export const meta = () =>
  pageMeta("Support", "Write to support and follow your requests and their answers.");

function SupportPromise({ page }: { page: Route.ComponentProps["loaderData"] }) {
  if (page.responseHours === null) {
    return (
      <div className="notice notice-warning">
        <p>
          <strong>Community support.</strong> Your workspace “{page.workspaceName}” is on the{" "}
          {page.planName} plan: you can write to us, and we answer when we can, with no guaranteed
          response time. Most answers are already in the <Link to="/faq">FAQ</Link> and the{" "}
          <Link to="/help">help centre</Link>.
        </p>
        <p>
          Premium answers within {PLANS.premium.capabilities.supportResponseHours} hours, Ultimate
          within {PLANS.ultimate.capabilities.supportResponseHours} hours.{" "}
          <Link to="/pricing">Compare plans</Link>
        </p>
      </div>
    );
  }
  return (
    <p className="notice notice-success">
      Your workspace “{page.workspaceName}” is on the {page.planName} plan: we answer new requests
      within {page.responseHours} hours.
    </p>
  );
}

export default function Support({ loaderData: page, actionData }: Route.ComponentProps) {
  return (
    <section className="container narrow support">
      <header className="page-header">
        <h1>Support</h1>
        <p className="lead">Ask us anything about your codes, your plan or your account.</p>
      </header>
      {page.staff ? (
        <p>
          <Link to="/staff/support">Open the staff inbox</Link>
        </p>
      ) : null}
      <SupportPromise page={page} />
      <section className="card" aria-labelledby="new-request-heading">
        <h2 id="new-request-heading">New request</h2>
        <NewTicketForm codes={page.codes} lastResult={actionData?.result} />
      </section>
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">Your requests</h2>
        {page.tickets.length === 0 ? (
          <p className="muted">You have not written to support yet.</p>
        ) : (
          <TicketList tickets={page.tickets} base="/support" />
        )}
      </section>
    </section>
  );
}
