// The cron triggers of wrangler.toml [triggers], in one place: the scheduled handler picks its
// work by these expressions and /staff/health warns when one has not run for twice its interval.
// tests/unit/operations.test.ts proves wrangler.toml lists the same expressions.

export interface CronSchedule {
  name: string;
  cron: string;
  /** How often it fires, in minutes. */
  everyMinutes: number;
  description: string;
}

export const NIGHTLY_CRON = "17 3 * * *";
export const DOMAIN_CHECK_CRON = "*/10 * * * *";
export const DESTINATION_CRON = "* * * * *";

export const CRON_SCHEDULES: readonly CronSchedule[] = [
  {
    name: "nightly-cleanup",
    cron: NIGHTLY_CRON,
    everyMinutes: 24 * 60,
    description: "Retention, trials, logos, bulk files, webhook logs",
  },
  {
    name: "domain-checks",
    cron: DOMAIN_CHECK_CRON,
    everyMinutes: 10,
    description: "Pending custom domains, support promises",
  },
  {
    name: "scheduled-destinations",
    cron: DESTINATION_CRON,
    everyMinutes: 1,
    description: "Destination changes that are due",
  },
];

/** The schedule of a trigger's expression; an unknown one is named after itself. */
export function scheduleOf(cron: string): CronSchedule {
  return (
    CRON_SCHEDULES.find((schedule) => schedule.cron === cron) ?? {
      name: cron,
      cron,
      everyMinutes: 24 * 60,
      description: "Not in the list of schedules",
    }
  );
}
