import { staleWorkspaceRefusal, type TabActionContext, tabAccess, tabT } from "./tab-action.server";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/locale.server";
import { say } from "../i18n/phrase";
import { PROVIDER_FORGOT } from "../domains/checks.server";
import { data } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import { addDomain, checkDomainNow, removeDomain } from "../domains/domains.server";
import { displayHostname } from "../domains/hostname";
import { getDomainSettings } from "../domains/provider.server";
import { workspaceDomains } from "../models/custom-domains.server";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { timeFromNow } from "../workspaces/audit-text";
import { requirePermission, workspacePlan } from "../workspaces/current.server";

// The Domains tab (issue #18): the workspace's custom domains for tracked links, the DNS record
// each needs, its status in words, "Check now", and removal (confirmed when codes use it).

export const DOMAINS_TAB = "/dashboard?tab=domains";
export const DOMAIN_INTENTS = ["add-domain", "check-domain", "remove-domain"] as const;
type DomainIntent = (typeof DOMAIN_INTENTS)[number];

export function isDomainIntent(intent: unknown): intent is DomainIntent {
  return DOMAIN_INTENTS.includes(intent as DomainIntent);
}

export async function domainsTab(db: Database, membership: Membership, now: Date, locale: Locale) {
  const t = translatorFor(locale);
  const plan = workspacePlan(membership, now);
  const capabilities = PLANS[plan].capabilities;
  const settings = getDomainSettings();
  const domains = await workspaceDomains(db, membership.workspace.id);
  return {
    ...tabAccess(membership, "domains.manage", t("integrations.upgradePlan"), {
      compare: t("integrations.api.comparePlans"),
      refusal: t("integrations.ownersAndAdmins"),
    }),
    planName: PLANS[plan].name,
    limit: capabilities.customDomainLimit,
    target: settings.target,
    testMode: settings.provider === "simulated",
    unavailable: settings.provider === "unavailable",
    domains: domains.map((domain) => ({
      id: domain.id,
      hostname: displayHostname(domain.hostname),
      ascii: domain.hostname,
      status: domain.status,
      hostnameStatus: domain.hostnameStatus,
      certificateStatus: domain.certificateStatus,
      // The provider's own words stay as they are; ours are said in the tab's language.
      problems: domain.problems.map((problem) =>
        problem === PROVIDER_FORGOT ? t("integrations.domains.problem.providerForgot") : problem,
      ),
      links: domain.links,
      /** Null: not checked yet. */
      checked: domain.checkedAt ? timeFromNow(domain.checkedAt, now, locale.code) : null,
    })),
  };
}

export type DomainsTabData = Awaited<ReturnType<typeof domainsTab>>;

export interface DomainsTabAction {
  domainForm?: { error: string; hostname: string };
  confirmRemove?: { id: string; hostname: string; links: number };
  /** Why a check or a removal did not happen (the provider refused or is down). */
  domainError?: string;
}

type Ctx = TabActionContext;

export async function domainsAction(intent: DomainIntent, ctx: Ctx) {
  requirePermission(ctx.membership, "domains.manage");
  const workspaceId = ctx.membership.workspace.id;
  const t = tabT(ctx);
  const done = (title: string, description: string) =>
    redirectWithToast(ctx.request, DOMAINS_TAB, { title, description, variant: "success" });
  const stale = staleWorkspaceRefusal(ctx, DOMAINS_TAB);
  if (stale) return stale;
  const actor = { id: ctx.user.id, email: ctx.user.email };
  if (intent === "add-domain") {
    const typed = String(ctx.form.get("hostname") ?? "");
    const outcome = await addDomain(
      ctx.db,
      ctx.membership,
      actor,
      typed,
      new URL(ctx.request.url).hostname,
    );
    if (!outcome.ok) {
      return data<DomainsTabAction>(
        { domainForm: { error: say(t, outcome), hostname: typed.slice(0, 300) } },
        { status: outcome.status },
      );
    }
    return done(t("integrations.domains.toast.added"), say(t, outcome));
  }
  const id = String(ctx.form.get("domain") ?? "");
  if (intent === "check-domain") {
    const outcome = await checkDomainNow(ctx.db, workspaceId, id);
    if (!outcome.ok) {
      return data<DomainsTabAction>({ domainError: say(t, outcome) }, { status: outcome.status });
    }
    return done(t("integrations.domains.toast.checked"), say(t, outcome));
  }
  const outcome = await removeDomain(
    ctx.db,
    ctx.membership,
    actor,
    id,
    ctx.form.get("confirm") === "yes",
  );
  if (outcome.needsConfirmation) {
    return data<DomainsTabAction>(
      { confirmRemove: { id, ...outcome.needsConfirmation } },
      { status: 409 },
    );
  }
  if (!outcome.ok) {
    return data<DomainsTabAction>({ domainError: say(t, outcome) }, { status: outcome.status });
  }
  return done(t("integrations.domains.toast.removed"), say(t, outcome));
}
