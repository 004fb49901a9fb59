import type { Database } from "../db/client.server";
import type { CustomDomainRecord } from "../db/schema";
import {
  deleteUnverifiedDomain,
  dueDomains,
  postponeCheck,
  recordCheck,
  unverifiedDomains,
} from "../models/custom-domains.server";
import { recordAudit } from "../workspaces/audit.server";
import { releaseHostnames } from "./release.server";
import { nextCheckAfter } from "./backoff";
import { forgetHost } from "./hosts.server";
import { getDomainProvider } from "./provider.server";

// Checking custom domains with the provider (issue #18): "Check now" and the 10-minute cron.

/**
 * The problem recorded when the provider no longer has a hostname. The other problems are the
 * provider's own words; the Domains tab says this one in its language (issue #32).
 */
export const PROVIDER_FORGOT =
  "Our domain provider no longer has this hostname. Remove it and add it again.";

/** Domains checked per scheduled run at most. */
const CHECKS_PER_RUN = 50;

/** Asks the provider about a domain now; its state is recorded either way. */
export async function checkDomain(
  db: Database,
  domain: CustomDomainRecord,
  now = new Date(),
): Promise<CustomDomainRecord["status"] | "gone"> {
  if (!domain.providerId) return domain.status;
  const state = await getDomainProvider().check(domain.providerId);
  const next = nextCheckAfter(domain.checks + 1, now);
  if (!state) {
    await recordCheck(
      db,
      domain,
      {
        providerId: domain.providerId,
        status: "failed",
        hostnameStatus: "deleted",
        certificateStatus: "deleted",
        problems: [PROVIDER_FORGOT],
      },
      now,
      null,
    );
    forgetHost(domain.hostname);
    return "gone";
  }
  await recordCheck(db, domain, state, now, next);
  if (state.status !== domain.status) forgetHost(domain.hostname);
  return state.status;
}

/** The scheduled check: pending domains whose time has come, with backoff between checks. */
export async function runDomainChecks(db: Database, now: Date) {
  const due = await dueDomains(db, now, CHECKS_PER_RUN);
  let active = 0;
  let failed = 0;
  let errors = 0;
  for (const domain of due) {
    try {
      const status = await checkDomain(db, domain, now);
      if (status === "active") active += 1;
      else if (status !== "pending") failed += 1;
    } catch {
      errors += 1;
      // The provider is down: the domain keeps what it knew and waits as if checked.
      await postponeCheck(db, domain.id, now, nextCheckAfter(domain.checks + 1, now));
    }
  }
  return { checked: due.length, active, failed, errors };
}

/** Days a domain may stay unverified before it is removed, here and at the provider. */
export const UNVERIFIED_DOMAIN_DAYS = 7;
const EXPIRIES_PER_RUN = 50;

/**
 * Removes domains that never became active within UNVERIFIED_DOMAIN_DAYS: the row (no tracked
 * link can use a domain that was never active) and the hostname at the provider, so that nobody
 * holds a hostname they cannot prove is theirs.
 */
export async function expireUnverifiedDomains(db: Database, now: Date) {
  const before = new Date(now.getTime() - UNVERIFIED_DOMAIN_DAYS * 24 * 60 * 60 * 1000);
  const stale = await unverifiedDomains(db, before, EXPIRIES_PER_RUN);
  const expired: CustomDomainRecord[] = [];
  for (const { domain, owner } of stale) {
    // With backoff its last check may be a day old: the record may have been set right since.
    // Asked once more; a domain the provider cannot be asked about waits for the next run.
    try {
      if ((await checkDomain(db, domain, now)) === "active") continue;
    } catch {
      continue;
    }
    // Not if a "Check now" made it active in the meantime.
    if (!(await deleteUnverifiedDomain(db, domain.id))) continue;
    expired.push(domain);
    await recordAudit(db, {
      workspaceId: domain.workspaceId,
      actor: owner,
      action: "domain.removed",
      // The stored (ASCII) form: the jobs stay free of the punycode module.
      details: { name: domain.hostname, reason: "unverified" },
    });
  }
  const released = await releaseHostnames(expired);
  return { expired: expired.length, ...released };
}
