import { lt } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { cronRuns, mailFailures, queueFailures, requestStats } from "../db/schema";
import { describeError, log } from "../observability/log.server";
import { errorText } from "./queues";
import { scheduleOf } from "./schedules";

// Cron runs and failed mail for /staff/health (issue #31), and the nightly clean-up of all the
// operations bookkeeping. Writing it never fails the work it describes.

/** How long the bookkeeping is kept: the page looks back a day, an operator a week. */
export const OPERATIONS_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** Runs a cron trigger's work and records the run: name, times, outcome, duration, error. */
export async function recordCronRun(
  db: Database,
  cron: string,
  work: () => Promise<void>,
): Promise<void> {
  const started = Date.now();
  let failure: unknown = null;
  try {
    await work();
  } catch (cause) {
    failure = cause;
  }
  const finished = Date.now();
  try {
    await db.insert(cronRuns).values({
      name: scheduleOf(cron).name,
      cron,
      startedAt: new Date(started),
      finishedAt: new Date(finished),
      outcome: failure === null ? "ok" : "failed",
      durationMs: finished - started,
      error: failure === null ? null : errorText(failure),
    });
  } catch (cause) {
    log("error", "cron_bookkeeping_failed", { cron, ...describeError(cause) });
  }
  if (failure !== null) throw failure;
}

export type MailFailureStage = (typeof mailFailures.$inferInsert)["stage"];

/** Mail that did not go out, by its subject line (never the address). */
export async function recordMailFailure(
  db: Database,
  failure: { stage: MailFailureStage; subject: string; error: unknown },
  now = new Date(),
): Promise<void> {
  try {
    await db.insert(mailFailures).values({
      stage: failure.stage,
      subject: failure.subject.slice(0, 200),
      error: failure.error === null ? null : errorText(failure.error),
      createdAt: now,
    });
  } catch (cause) {
    log("error", "mail_bookkeeping_failed", { stage: failure.stage, ...describeError(cause) });
  }
}

export interface OperationsRetentionReport {
  deleted: number;
}

/** Nightly: bookkeeping older than a week goes. */
export async function purgeOperationsRecords(
  db: Database,
  now: Date,
): Promise<OperationsRetentionReport> {
  const before = new Date(now.getTime() - OPERATIONS_RETENTION_MS);
  const results = await db.batch([
    db.delete(queueFailures).where(lt(queueFailures.createdAt, before)),
    db.delete(cronRuns).where(lt(cronRuns.startedAt, before)),
    db.delete(mailFailures).where(lt(mailFailures.createdAt, before)),
    db.delete(requestStats).where(lt(requestStats.hour, before.getTime())),
  ]);
  return { deleted: results.reduce((sum, result) => sum + result.meta.changes, 0) };
}
