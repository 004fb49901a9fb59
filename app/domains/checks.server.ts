import type { Database } from "../db/client.server";
import type { CustomDomainRecord } from "../db/schema";
import { dueDomains, postponeCheck, recordCheck } from "../models/custom-domains.server";
import { nextCheckAfter } from "./backoff";
import { forgetHost } from "./hosts.server";
import { getDomainProvider } from "./provider.server";

// Checking custom domains with the provider (issue #18): "Check now" and the 10-minute cron.

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
        problems: ["Our domain provider no longer has this hostname. Remove it and add it again."],
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
