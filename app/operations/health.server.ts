import { and, desc, eq, gte, inArray, isNotNull, lt, sql, sum } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  bulkJobs,
  cronRuns,
  mailFailures,
  queueFailures,
  requestStats,
  webhookEndpoints,
} from "../db/schema";
import {
  BULK_STUCK_AFTER_MS,
  type CronHealth,
  type CronRunSummary,
  cronsHealth,
  type ErrorRate,
  errorRate,
  HEALTH_WINDOW_MS,
  type QueueHealth,
  queueHealth,
} from "./health";
import { CRON_SCHEDULES } from "./schedules";

// /staff/health's reads (issue #31): the last 24 hours of our own bookkeeping, plus the bulk and
// webhook tables as they stand. Every list is capped; the page says when there is more.

export const HEALTH_LIST_LIMIT = 50;

export interface StuckBulkJob {
  id: string;
  workspaceId: string;
  status: string;
  doneRows: number;
  totalRows: number;
  since: Date;
}

export interface DisabledEndpoint {
  id: string;
  workspaceId: string;
  host: string;
  reason: string | null;
  disabledAt: Date;
}

export interface FailedMail {
  id: number;
  stage: string;
  subject: string;
  error: string | null;
  at: Date;
}

export interface HealthReport {
  queues: QueueHealth[];
  crons: CronHealth[];
  stuckBulkJobs: StuckBulkJob[];
  disabledEndpoints: DisabledEndpoint[];
  failedMail: { total: number; latest: FailedMail[] };
  errorRate: ErrorRate;
}

export async function healthReport(db: Database, now = new Date()): Promise<HealthReport> {
  const since = new Date(now.getTime() - HEALTH_WINDOW_MS);
  const stuckBefore = new Date(now.getTime() - BULK_STUCK_AFTER_MS);
  const bulkSince = sql<number>`coalesce(${bulkJobs.startedAt}, ${bulkJobs.createdAt})`;
  const [failureSums, lastErrors, cronFailures, lastRuns, stuck, disabled, mailCount, mail, stats] =
    await db.batch([
      db
        .select({
          queue: queueFailures.queue,
          kind: queueFailures.kind,
          messages: sum(queueFailures.messages).mapWith(Number),
        })
        .from(queueFailures)
        .where(gte(queueFailures.createdAt, since))
        .groupBy(queueFailures.queue, queueFailures.kind),
      db
        .select({ queue: queueFailures.queue, error: queueFailures.error })
        .from(queueFailures)
        .where(and(gte(queueFailures.createdAt, since), isNotNull(queueFailures.error)))
        .orderBy(desc(queueFailures.createdAt), desc(queueFailures.id))
        .limit(HEALTH_LIST_LIMIT),
      db
        .select({ name: cronRuns.name, failures: sql<number>`count(*)` })
        .from(cronRuns)
        .where(and(gte(cronRuns.startedAt, since), eq(cronRuns.outcome, "failed")))
        .groupBy(cronRuns.name),
      // Each schedule's latest run (rows are kept a week, so the nightly one always has its last).
      db
        .select()
        .from(cronRuns)
        .where(
          inArray(
            cronRuns.id,
            sql`(SELECT max(id) FROM cron_runs WHERE name IN ${CRON_SCHEDULES.map((s) => s.name)} GROUP BY name)`,
          ),
        ),
      db
        .select({
          id: bulkJobs.id,
          workspaceId: bulkJobs.workspaceId,
          status: bulkJobs.status,
          doneRows: bulkJobs.doneRows,
          totalRows: bulkJobs.totalRows,
          since: bulkSince,
        })
        .from(bulkJobs)
        .where(
          and(
            inArray(bulkJobs.status, ["queued", "running"]),
            lt(bulkSince, stuckBefore.getTime()),
          ),
        )
        .orderBy(bulkSince)
        .limit(HEALTH_LIST_LIMIT),
      db
        .select({
          id: webhookEndpoints.id,
          workspaceId: webhookEndpoints.workspaceId,
          url: webhookEndpoints.url,
          reason: webhookEndpoints.disabledReason,
          disabledAt: webhookEndpoints.disabledAt,
        })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.enabled, false), gte(webhookEndpoints.disabledAt, since)))
        .orderBy(desc(webhookEndpoints.disabledAt))
        .limit(HEALTH_LIST_LIMIT),
      db
        .select({ total: sql<number>`count(*)` })
        .from(mailFailures)
        .where(gte(mailFailures.createdAt, since)),
      db
        .select()
        .from(mailFailures)
        .where(gte(mailFailures.createdAt, since))
        .orderBy(desc(mailFailures.createdAt), desc(mailFailures.id))
        .limit(HEALTH_LIST_LIMIT),
      db.select().from(requestStats).where(gte(requestStats.hour, since.getTime())),
    ]);

  const firstErrors: { queue: string; error: string }[] = [];
  for (const row of lastErrors) {
    if (row.error && !firstErrors.some((seen) => seen.queue === row.queue)) {
      firstErrors.push({ queue: row.queue, error: row.error });
    }
  }
  return {
    queues: queueHealth(failureSums, firstErrors),
    crons: cronsHealth(
      new Map<string, CronRunSummary>(lastRuns.map((run) => [run.name, run])),
      new Map(cronFailures.map((row) => [row.name, row.failures])),
      now,
    ),
    stuckBulkJobs: stuck.map((job) => ({ ...job, since: new Date(job.since) })),
    disabledEndpoints: disabled.map((endpoint) => ({
      id: endpoint.id,
      workspaceId: endpoint.workspaceId,
      host: hostOf(endpoint.url),
      reason: endpoint.reason,
      disabledAt: endpoint.disabledAt!,
    })),
    failedMail: {
      total: mailCount[0]?.total ?? 0,
      latest: mail.map((row) => ({
        id: row.id,
        stage: row.stage,
        subject: row.subject,
        error: row.error,
        at: row.createdAt,
      })),
    },
    errorRate: errorRate(stats, now),
  };
}

/** An endpoint's host only: its path and query may hold a customer's token. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
}
