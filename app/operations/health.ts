import { type CronSchedule, CRON_SCHEDULES } from "./schedules";
import { QUEUE_NAMES } from "./queues";

// What /staff/health makes of the bookkeeping (issue #31): pure, so each rule is tested alone.
// Every block puts its problems first, and the page puts blocks with problems first.

export const HEALTH_WINDOW_MS = 24 * 60 * 60_000;
/** A bulk job queued or running for longer than this is stuck. */
export const BULK_STUCK_AFTER_MS = 60 * 60_000;
/** An hour whose share of 5xx answers reaches this is a problem (1 %). */
export const ERROR_RATE_PROBLEM = 0.01;

export interface QueueHealth {
  queue: string;
  retried: number;
  deadLettered: number;
  lastError: string | null;
  problem: boolean;
}

export interface QueueFailureSum {
  queue: string;
  kind: "retried" | "dead_lettered";
  messages: number;
}

/** Every queue of ours, with any other name the bookkeeping holds (a dead-letter queue's own). */
export function queueHealth(
  sums: QueueFailureSum[],
  lastErrors: { queue: string; error: string }[],
): QueueHealth[] {
  const names = [...new Set([...QUEUE_NAMES, ...sums.map((sum) => sum.queue)])];
  const rows = names.map((queue) => {
    const of = (kind: QueueFailureSum["kind"]) =>
      sums
        .filter((sum) => sum.queue === queue && sum.kind === kind)
        .reduce((total, sum) => total + sum.messages, 0);
    const retried = of("retried");
    const deadLettered = of("dead_lettered");
    // A dead letter's own reason is the last error of its queue's retries.
    const lastError = lastErrors.find((row) => row.queue === queue)?.error ?? null;
    return { queue, retried, deadLettered, lastError, problem: retried + deadLettered > 0 };
  });
  return problemsFirst(rows);
}

export interface CronRunSummary {
  startedAt: Date;
  outcome: "ok" | "failed";
  durationMs: number;
  error: string | null;
}

export interface CronHealth {
  name: string;
  cron: string;
  description: string;
  lastRun: CronRunSummary | null;
  failuresToday: number;
  /** Why it needs a look, or null. */
  warning: string | null;
  problem: boolean;
}

export function cronHealth(
  schedule: CronSchedule,
  lastRun: CronRunSummary | null,
  failuresToday: number,
  now: Date,
): CronHealth {
  const late = 2 * schedule.everyMinutes * 60_000;
  const warning = !lastRun
    ? "No run recorded in the last 7 days."
    : now.getTime() - lastRun.startedAt.getTime() > late
      ? `Has not run for more than twice its interval (${interval(schedule.everyMinutes)}).`
      : null;
  return {
    name: schedule.name,
    cron: schedule.cron,
    description: schedule.description,
    lastRun,
    failuresToday,
    warning,
    problem: warning !== null || lastRun?.outcome === "failed",
  };
}

export function cronsHealth(
  lastRuns: Map<string, CronRunSummary>,
  failures: Map<string, number>,
  now: Date,
): CronHealth[] {
  return problemsFirst(
    CRON_SCHEDULES.map((schedule) =>
      cronHealth(
        schedule,
        lastRuns.get(schedule.name) ?? null,
        failures.get(schedule.name) ?? 0,
        now,
      ),
    ),
  );
}

function interval(minutes: number): string {
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? "a day" : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "an hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

export interface HourStats {
  hour: number;
  requests: number;
  errors: number;
}

export interface ErrorRate {
  /** Each of the last 24 hours, oldest first; hours without a count are zeros. */
  hours: HourStats[];
  requests: number;
  errors: number;
  /** Share of 5xx answers over the day, 0–1. */
  rate: number;
  problem: boolean;
}

export function errorRate(rows: HourStats[], now: Date): ErrorRate {
  const hourMs = 60 * 60_000;
  const current = now.getTime() - (now.getTime() % hourMs);
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  const hours = Array.from({ length: 24 }, (_, index) => {
    const hour = current - (23 - index) * hourMs;
    return byHour.get(hour) ?? { hour, requests: 0, errors: 0 };
  });
  const requests = hours.reduce((sum, hour) => sum + hour.requests, 0);
  const errors = hours.reduce((sum, hour) => sum + hour.errors, 0);
  const rate = requests === 0 ? 0 : errors / requests;
  return {
    hours,
    requests,
    errors,
    rate,
    problem: hours.some(
      (hour) => hour.errors > 0 && hour.errors / hour.requests >= ERROR_RATE_PROBLEM,
    ),
  };
}

/** Stable: problems keep their order among themselves, as do the rest. */
export function problemsFirst<T extends { problem: boolean }>(items: T[]): T[] {
  return [...items.filter((item) => item.problem), ...items.filter((item) => !item.problem)];
}
