import { purgeIdempotencyKeys } from "../api/idempotency.server";
import { createDatabase } from "../db/client.server";
import { purgeExpiredAuditEvents } from "./audit-retention.server";
import { sweepBulkJobs } from "./bulk-sweep.server";
import { adoptUploaderLogos } from "./logo-adoption.server";
import { sweepOrphanLogos } from "./logo-sweep.server";
import { purgeExpiredAnalytics } from "./retention.server";
import { purgeExpiredSessionRows } from "./session-index.server";
import { endSimulatedPeriods } from "./simulated-renewals.server";
import { expireTrials } from "./trials.server";
import { log } from "../observability/log.server";
import { expireUnverifiedDomains, runDomainChecks } from "../domains/checks.server";
import { settlePendingChanges } from "../destinations/changes.server";
import { recordSupportBreaches } from "../support/breaches.server";
import { purgeOldDeliveries } from "../webhooks/cleanup.server";
import { resealWebhookSecrets } from "../webhooks/secret-reseal.server";
import { purgeOperationsRecords } from "../operations/bookkeeping.server";

// wrangler.toml's second cron: pending custom domains are checked (each with its backoff), those
// never verified within 7 days are removed (issue #27), and support tickets past their promised
// response time are recorded as breached (issue #19). Its third: scheduled destination changes
// that are due (issue #21). The expressions live with the other schedules (operations/schedules).
export { DESTINATION_CRON, DOMAIN_CHECK_CRON } from "../operations/schedules";

export type JobBindings = Pick<Env, "DB" | "LOGOS" | "SESSIONS">;

/**
 * The nightly cleanup (wrangler.toml [triggers]). Each job runs even when another failed, and
 * leaves one JSON line in the Worker's logs: its name, what it did and how long it took (counts
 * only, never a person's details). Rejects afterwards when any job failed, so the cron run shows
 * as failed too.
 */
export async function runScheduledJobs(bindings: JobBindings, now: Date): Promise<void> {
  const db = createDatabase(bindings.DB);
  const jobs: [string, () => Promise<object>][] = [
    ["analytics-retention", () => purgeExpiredAnalytics(db, now)],
    ["trial-expiry", () => expireTrials(db, now)],
    // Adoption first: the uploader's copies it leaves unused go with the sweep after their grace.
    ["logo-adoption", () => adoptUploaderLogos(db, bindings.LOGOS)],
    ["logo-sweep", () => sweepOrphanLogos(db, bindings.LOGOS, bindings.SESSIONS, now)],
    ["simulated-renewals", () => endSimulatedPeriods(db, now)],
    ["audit-retention", () => purgeExpiredAuditEvents(db, now)],
    ["idempotency-keys", () => purgeIdempotencyKeys(db, now)],
    ["bulk-sweep", () => sweepBulkJobs(db, bindings.LOGOS, now)],
    ["webhook-deliveries", () => purgeOldDeliveries(db, now)],
    ["webhook-secrets", () => resealWebhookSecrets(db)],
    ["session-index", () => purgeExpiredSessionRows(db, now)],
    ["operations-records", () => purgeOperationsRecords(db, now)],
  ];
  await runJobs(jobs);
}

/**
 * The 10-minute cron: custom domains due a check or never verified, support tickets past their
 * promise.
 */
export async function runDomainCheckJob(bindings: JobBindings, now: Date): Promise<void> {
  const db = createDatabase(bindings.DB);
  await runJobs([
    ["domain-checks", () => runDomainChecks(db, now)],
    ["unverified-domains", () => expireUnverifiedDomains(db, now)],
    ["support-breaches", () => recordSupportBreaches(db, now)],
  ]);
}

/** The minute cron: scheduled changes of destination, applied or (after a downgrade) cancelled. */
export async function runDestinationJob(bindings: JobBindings, now: Date): Promise<void> {
  const db = createDatabase(bindings.DB);
  await runJobs([["scheduled-destinations", () => settlePendingChanges(db, now)]]);
}

async function runJobs(jobs: [string, () => Promise<object>][]): Promise<void> {
  const failed: string[] = [];
  const errors: string[] = [];
  for (const [job, run] of jobs) {
    const started = Date.now();
    try {
      const report = await run();
      log("info", "scheduled_job", { job, ok: true, ...report, durationMs: Date.now() - started });
    } catch (error) {
      failed.push(job);
      const message = error instanceof Error ? error.message : String(error);
      errors.push(`${job}: ${message}`);
      log("error", "scheduled_job", {
        job,
        ok: false,
        error: message,
        durationMs: Date.now() - started,
      });
    }
  }
  // The names first (what the logs and alerts match), then each job's reason for /staff/health.
  if (failed.length > 0) {
    throw new Error(`Scheduled jobs failed: ${failed.join(", ")}. ${errors.join("; ")}`);
  }
}
