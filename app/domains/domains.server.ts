import type { Database } from "../db/client.server";
import {
  deleteDomain,
  domainByHostname,
  findDomain,
  insertDomain,
  workspaceDomains,
} from "../models/custom-domains.server";
import type { Membership } from "../models/workspaces.server";
import { phrase, type Phrase, type PhraseValues } from "../i18n/phrase";
import { PLANS } from "../plans/catalogue";
import { recordAudit } from "../workspaces/audit.server";
import { workspacePlan } from "../workspaces/current.server";
import { nextCheckAfter } from "./backoff";
import { checkDomain } from "./checks.server";
import { checkHostname, displayHostname } from "./hostname";
import { forgetHost } from "./hosts.server";
import { DomainProviderError, getDomainProvider, getDomainSettings } from "./provider.server";
import { releaseHostnames } from "./release.server";

// Custom domains (issue #18): adding one (the plan's limit, the hostname rules, the provider),
// checking it now or on the schedule with backoff, and removing it.

// Each outcome carries its phrase (integrations.domains.*) for the Domains tab's language.
type Refusal = { ok: false; message: string; status: number; phrase?: Phrase };
export type DomainOutcome = { ok: true; message: string; phrase: Phrase } | Refusal;

const domainPhrase = (id: string, values?: PhraseValues) =>
  phrase(`integrations.domains.outcome.${id}`, values);

const GONE: Refusal = {
  ok: false,
  status: 404,
  message: "This domain is no longer here.",
  phrase: domainPhrase("gone"),
};

/** The provider's refusal or outage as an answer the person reads; any other error goes on. */
async function orProviderRefusal<T extends object>(work: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainProviderError) {
      return { ok: false, status: error.status, message: error.message, phrase: error.phrase };
    }
    throw error;
  }
}

/** This service's own hostnames: the app's (from the request) and the CNAME target. */
export function ownHostnames(appHost: string): string[] {
  const settings = getDomainSettings();
  return [appHost, settings.target, ...(settings.appHostname ? [settings.appHostname] : [])];
}

export async function addDomain(
  db: Database,
  membership: Membership,
  actor: { id: string; email: string },
  input: string,
  appHost: string,
  now = new Date(),
): Promise<DomainOutcome> {
  const plan = PLANS[workspacePlan(membership, now)];
  const limit = plan.capabilities.customDomainLimit;
  if (limit === 0) {
    return {
      ok: false,
      status: 403,
      message:
        "Custom domains come with Premium (3 domains) and Ultimate (20). Upgrade to add one.",
      phrase: domainPhrase("plan"),
    };
  }
  const existing = await workspaceDomains(db, membership.workspace.id);
  if (existing.length >= limit) {
    return {
      ok: false,
      status: 403,
      message: `This workspace has ${limit} custom domains, the most the ${plan.name} plan allows. Remove one to add another.`,
      phrase: phrase("integrations.domains.full", { limit, plan: plan.name }),
    };
  }
  const checked = checkHostname(input, ownHostnames(appHost));
  if (!checked.ok) return { status: 400, ...checked };
  const { hostname } = checked;
  const shown = displayHostname(hostname);
  const taken = await domainByHostname(db, hostname);
  if (taken) {
    return {
      ok: false,
      status: 409,
      ...(taken.workspaceId === membership.workspace.id
        ? {
            message: `${shown} is already one of this workspace's domains.`,
            phrase: domainPhrase("alreadyOurs", { hostname: shown }),
          }
        : {
            message: `${shown} is already used by another workspace. If it is yours, contact support.`,
            phrase: domainPhrase("taken", { hostname: shown }),
          }),
    };
  }
  const provider = getDomainProvider();
  const state = await orProviderRefusal(() => provider.create(hostname));
  if ("ok" in state) return state;
  try {
    await insertDomain(
      db,
      { workspaceId: membership.workspace.id, hostname, createdBy: actor.id },
      state,
      now,
      nextCheckAfter(0, now),
    );
  } catch (error) {
    // Another workspace added the same hostname in the same instant: undo at the provider.
    await releaseHostnames([{ providerId: state.providerId, hostname }]);
    if (await domainByHostname(db, hostname)) {
      return {
        ok: false,
        status: 409,
        message: `${shown} is already used by another workspace.`,
        phrase: domainPhrase("takenJustNow", { hostname: shown }),
      };
    }
    throw error;
  }
  await recordAudit(db, {
    workspaceId: membership.workspace.id,
    actor,
    action: "domain.added",
    details: { name: shown },
  });
  return {
    ok: true,
    message: `${shown} added. Create the DNS record below; we check it every few minutes, or press “Check now”.`,
    phrase: domainPhrase("added", { hostname: shown }),
  };
}

export async function checkDomainNow(
  db: Database,
  workspaceId: string,
  id: string,
  now = new Date(),
): Promise<DomainOutcome> {
  const domain = await findDomain(db, id, workspaceId);
  if (!domain) return GONE;
  const shown = displayHostname(domain.hostname);
  const checked = await orProviderRefusal(async () => ({
    status: await checkDomain(db, domain, now),
  }));
  if ("ok" in checked) return checked;
  const status =
    checked.status === "active" || checked.status === "pending" ? checked.status : "failed";
  return {
    ok: true,
    message:
      status === "active"
        ? `${shown} is active: its tracked links work.`
        : status === "pending"
          ? `${shown} is not ready yet. See its status below.`
          : `${shown} needs your attention. See what is wrong below.`,
    phrase: domainPhrase(`checked.${status}`, { hostname: shown }),
  };
}

export async function removeDomain(
  db: Database,
  membership: Membership,
  actor: { id: string; email: string },
  id: string,
  confirmed: boolean,
): Promise<DomainOutcome & { needsConfirmation?: { hostname: string; links: number } }> {
  const domain = (await workspaceDomains(db, membership.workspace.id)).find((d) => d.id === id);
  if (!domain) return GONE;
  const shown = displayHostname(domain.hostname);
  if (domain.links > 0 && !confirmed) {
    return {
      ok: false,
      status: 409,
      needsConfirmation: { hostname: shown, links: domain.links },
      message: `${domain.links} tracked ${domain.links === 1 ? "code uses" : "codes use"} ${shown}. Printed codes with it will stop working. Confirm to remove it anyway.`,
    };
  }
  if (domain.providerId) {
    const providerId = domain.providerId;
    const removed = await orProviderRefusal(async () => {
      await getDomainProvider().remove(providerId);
      return {};
    });
    if ("ok" in removed) return removed;
  }
  await deleteDomain(db, domain.id);
  forgetHost(domain.hostname);
  await recordAudit(db, {
    workspaceId: membership.workspace.id,
    actor,
    action: "domain.removed",
    details: { name: shown },
  });
  return domain.links > 0
    ? {
        ok: true,
        message: `${shown} removed. Its ${domain.links} tracked ${domain.links === 1 ? "code now shows" : "codes now show"} this service's own link.`,
        phrase: domainPhrase("removedLinks", { hostname: shown, count: domain.links }),
      }
    : {
        ok: true,
        message: `${shown} removed.`,
        phrase: domainPhrase("removed", { hostname: shown }),
      };
}
