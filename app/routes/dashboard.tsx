import { data, Link, useActionData } from "react-router";
import { getUser, requireUser } from "../auth/user.server";
import { SignOutForm } from "../components/auth/sign-out-form";
import { PlanBilling } from "../components/billing/plan-billing";
import { AnalyticsTab } from "../components/dashboard/analytics-tab";
import { BrandTab } from "../components/dashboard/brand-tab";
import { ApiTab, type ApiTabAction } from "../components/dashboard/api-tab";
import { DomainsTab } from "../components/dashboard/domains-tab";
import { IntegrationsTab } from "../components/dashboard/integrations-tab";
import { StylesTab } from "../components/dashboard/styles-tab";
import { TeamTab } from "../components/dashboard/team-tab";
import { analyticsTab, codeAction } from "../dashboard/analytics-tab.server";
import { apiAction, apiTab, isApiIntent } from "../dashboard/api-tab.server";
import {
  brandAction,
  brandTab,
  type BrandTabAction,
  isBrandIntent,
} from "../dashboard/brand-tab.server";
import {
  domainsAction,
  domainsTab,
  type DomainsTabAction,
  isDomainIntent,
} from "../dashboard/domains-tab.server";
import {
  integrationsAction,
  integrationsTab,
  type IntegrationsTabAction,
  isIntegrationIntent,
} from "../dashboard/integrations-tab.server";
import { isPlanIntent, planAction, plansTab } from "../dashboard/plans-tab.server";
import {
  isStyleIntent,
  stylesAction,
  stylesTab,
  type StylesTabAction,
} from "../dashboard/styles-tab.server";
import { teamTab } from "../dashboard/team-tab.server";
import { createDatabase } from "../db/client.server";
import { Trans, useLocalePath, useT } from "../i18n/i18n";
import { getLocale, getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import { requireMembership } from "../workspaces/current.server";
import { isPolicyIntent, policyAction } from "../security/workspace-policy.server";
import { isTeamIntent, teamAction } from "../workspaces/team-actions.server";
import { SESSION_LIMIT_INTENT, sessionLimitAction } from "../workspaces/session-limit.server";
import type { Route } from "./+types/dashboard";

// The dashboard picks the tab; each tab is one module with its loader part, its action and its
// component (app/dashboard/*, app/components/dashboard/*).

const TABS = [
  "analytics",
  "plans",
  "team",
  "api",
  "domains",
  "brand",
  "styles",
  "integrations",
] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("tab");
  const tab: Tab = TABS.find((name) => name === requested) ?? "analytics";
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const user = await getUser(context);
  const membership = user ? await requireMembership(request, context) : null;
  if (!user || !membership) return data({ signedIn: false as const }, { headers });

  const db = createDatabase();
  const now = new Date();
  const shell = {
    signedIn: true as const,
    firstName: user.firstName,
    workspace: {
      name: membership.label,
      // Someone's own personal workspace needs no introduction; any other one does.
      own: membership.workspace.personal && membership.workspace.ownerId === user.id,
      role: membership.role,
    },
  };
  if (tab === "plans") {
    return data(
      {
        ...shell,
        tab,
        plans: await plansTab(db, user, url, now, membership, (await getLocale(context)).code),
      },
      { headers },
    );
  }
  if (tab === "team") {
    const { team, setCookie } = await teamTab(
      db,
      request,
      user,
      membership,
      url,
      now,
      await getLocale(context),
    );
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return data({ ...shell, tab, team }, { headers });
  }
  if (tab === "api") {
    return data(
      { ...shell, tab, api: await apiTab(db, user, membership, now, await getLocale(context)) },
      { headers },
    );
  }
  if (tab === "domains") {
    return data(
      { ...shell, tab, domains: await domainsTab(db, membership, now, await getLocale(context)) },
      { headers },
    );
  }
  if (tab === "brand") {
    const brand = await brandTab(db, membership, now, await getLocale(context));
    return data({ ...shell, tab, brand }, { headers });
  }
  if (tab === "styles") {
    return data({ ...shell, tab, styles: await stylesTab(db, membership, now) }, { headers });
  }
  if (tab === "integrations") {
    const integrations = await integrationsTab(db, membership, now, await getLocale(context));
    return data({ ...shell, tab, integrations }, { headers });
  }
  const locale = (await getLocale(context)).code;
  const analytics = await analyticsTab(
    db,
    membership,
    url,
    now,
    user.createdAt,
    await getT(context),
    locale,
  );
  return data({ ...shell, tab: "analytics" as const, analytics }, { headers });
}

/** Every form of every tab posts here; its intent says which tab's action answers. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const membership = await requireMembership(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const db = createDatabase();
  const t = await getT(context);
  if (isPlanIntent(intent)) {
    return planAction(request, user, form, db, t, (await getLocale(context)).code);
  }
  if (isTeamIntent(intent)) return teamAction(intent, { request, db, user, membership, form, t });
  if (intent === SESSION_LIMIT_INTENT) {
    return sessionLimitAction({ request, db, user, membership, form, t });
  }
  if (isPolicyIntent(intent))
    return policyAction(intent, { request, db, user, membership, form, t });
  if (isApiIntent(intent)) return apiAction(intent, { request, db, user, membership, form, t });
  if (isDomainIntent(intent)) {
    return domainsAction(intent, { request, db, user, membership, form, t });
  }
  if (isBrandIntent(intent)) return brandAction(intent, { request, db, user, membership, form, t });
  if (isStyleIntent(intent))
    return stylesAction(intent, { request, db, user, membership, form, t });
  if (isIntegrationIntent(intent)) {
    return integrationsAction(intent, { request, db, user, membership, form, t });
  }
  return codeAction(request, user, membership, form, db, t);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("dashboard.meta.title"), t("dashboard.meta.description"));
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const action = useActionData<
    ApiTabAction & DomainsTabAction & BrandTabAction & StylesTabAction & IntegrationsTabAction
  >();
  const t = useT();
  const localePath = useLocalePath();
  if (!loaderData.signedIn) {
    return (
      <section className="container auth-page">
        <div className="card auth-card">
          <h1>{t("dashboard.signedOut.title")}</h1>
          <p className="muted">{t("dashboard.signedOut.body")}</p>
          <Link
            to={localePath("/auth?mode=signin&redirect=%2Fdashboard")}
            className="btn btn-primary btn-block"
          >
            {t("dashboard.signedOut.signIn")}
          </Link>
          <p className="auth-switch">
            <Link to={localePath("/auth?mode=signup")}>{t("dashboard.signedOut.signUp")}</Link>
          </p>
        </div>
      </section>
    );
  }
  const loaded = loaderData;
  return (
    <section className="container dashboard">
      <div className="dashboard-header">
        <div>
          <h1>
            {t("dashboard.welcome", {
              name: loaded.firstName || t("dashboard.welcome.fallbackName"),
            })}
          </h1>
          {loaded.workspace.own ? null : (
            <p className="muted">
              <Trans
                id="dashboard.workspace.role"
                values={{
                  name: loaded.workspace.name,
                  role: t(`dashboard.role.${loaded.workspace.role}`),
                }}
                components={{ 0: <strong /> }}
              />
            </p>
          )}
        </div>
        <div className="dashboard-actions">
          <Link to={localePath("/")} className="btn btn-primary">
            {t("dashboard.create")}
          </Link>
          <SignOutForm label={t("dashboard.signOut")} buttonClassName="btn btn-ghost" />
        </div>
      </div>
      <nav className="tabs dashboard-tabs" aria-label={t("dashboard.tabs.label")}>
        {TABS.map((tab) => (
          <Link
            key={tab}
            to={`/dashboard?tab=${tab}`}
            className="tab"
            aria-current={loaded.tab === tab ? "page" : undefined}
          >
            {t(`dashboard.tab.${tab}`)}
          </Link>
        ))}
      </nav>
      {loaded.tab === "plans" ? <PlanBilling {...loaded.plans} /> : null}
      {loaded.tab === "team" ? <TeamTab team={loaded.team} /> : null}
      {loaded.tab === "api" ? <ApiTab api={loaded.api} action={action} /> : null}
      {loaded.tab === "domains" ? <DomainsTab tab={loaded.domains} action={action} /> : null}
      {loaded.tab === "brand" ? <BrandTab tab={loaded.brand} action={action} /> : null}
      {loaded.tab === "styles" ? <StylesTab tab={loaded.styles} action={action} /> : null}
      {loaded.tab === "integrations" ? (
        <IntegrationsTab tab={loaded.integrations} action={action} />
      ) : null}
      {loaded.tab === "analytics" ? <AnalyticsTab loaded={loaded.analytics} /> : null}
    </section>
  );
}
