import { data, Link } from "react-router";
import { requireUser } from "../auth/user.server";
import { NewTicketForm } from "../components/support/forms";
import { TicketList } from "../components/support/ticket-list";
import { createDatabase } from "../db/client.server";
import { PLANS } from "../plans/catalogue";
import { Trans, useLocalePath, useT } from "../i18n/i18n";
import { getLocale, getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
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
  const t = await getT(context);
  const { code } = await getLocale(context);
  return openTicket(request, createDatabase(), user, membership, new Date(), t, code);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("support.meta.title"), t("support.meta.description"));
};

function SupportPromise({ page }: { page: Route.ComponentProps["loaderData"] }) {
  const t = useT();
  const localePath = useLocalePath();
  const values = { workspace: page.workspaceName, plan: page.planName };
  if (page.responseHours === null) {
    return (
      <div className="notice notice-warning">
        <p>
          <Trans
            id="support.promise.communityNote"
            values={values}
            components={{
              0: <strong />,
              1: <Link to={localePath("/faq")} />,
              2: <Link to={localePath("/help")} />,
            }}
          />
        </p>
        <p>
          {t("support.promise.plans", {
            premium: PLANS.premium.capabilities.supportResponseHours ?? 0,
            ultimate: PLANS.ultimate.capabilities.supportResponseHours ?? 0,
          })}{" "}
          <Link to={localePath("/pricing")}>{t("support.comparePlans")}</Link>
        </p>
      </div>
    );
  }
  return (
    <p className="notice notice-success">
      {t("support.promise.hours", { ...values, hours: page.responseHours })}
    </p>
  );
}

export default function Support({ loaderData: page, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="container narrow support">
      <header className="page-header">
        <h1>{t("support.title")}</h1>
        <p className="lead">{t("support.lead")}</p>
      </header>
      {page.staff ? (
        <p>
          <Link to="/staff/support">Open the staff inbox</Link>
        </p>
      ) : null}
      <SupportPromise page={page} />
      <section className="card" aria-labelledby="new-request-heading">
        <h2 id="new-request-heading">{t("support.newRequest")}</h2>
        <NewTicketForm codes={page.codes} lastResult={actionData?.result} />
      </section>
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">{t("support.requests")}</h2>
        {page.tickets.length === 0 ? (
          <p className="muted">{t("support.noRequests")}</p>
        ) : (
          <TicketList tickets={page.tickets} base="/support" />
        )}
      </section>
    </section>
  );
}
