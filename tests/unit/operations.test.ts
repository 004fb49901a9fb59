import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cronHealth, errorRate, queueHealth } from "../../app/operations/health";
import { errorText, QUEUE_NAMES, queueOfBatch } from "../../app/operations/queues";
import { RequestTally } from "../../app/operations/request-tally";
import { CRON_SCHEDULES, scheduleOf } from "../../app/operations/schedules";

// The pure rules behind /staff/health (issue #31).

const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");

describe("the cron schedules", () => {
  it("are the ones wrangler.toml triggers, locally, in staging and in production", () => {
    const expected = JSON.stringify(CRON_SCHEDULES.map((schedule) => schedule.cron));
    const lists = [...toml.matchAll(/crons = (\[[^\]]*\])/g)].map((match) =>
      JSON.stringify(JSON.parse(match[1]!)),
    );
    expect(lists).toEqual([expected, expected, expected]);
  });

  it("warn when a cron has not run for twice its interval, or at all", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const minutely = scheduleOf("* * * * *");
    const run = (minutesAgo: number, outcome: "ok" | "failed" = "ok") => ({
      startedAt: new Date(now.getTime() - minutesAgo * 60_000),
      outcome,
      durationMs: 5,
      error: outcome === "failed" ? "boom" : null,
    });
    expect(cronHealth(minutely, run(1), 0, now)).toMatchObject({ warning: null, problem: false });
    expect(cronHealth(minutely, run(3), 0, now).warning).toBe(
      "Has not run for more than twice its interval (a minute).",
    );
    expect(cronHealth(minutely, run(1, "failed"), 1, now)).toMatchObject({
      warning: null,
      problem: true,
    });
    expect(cronHealth(scheduleOf("17 3 * * *"), run(47 * 60), 0, now).warning).toBeNull();
    expect(cronHealth(scheduleOf("17 3 * * *"), run(49 * 60), 0, now).warning).toContain("a day");
    expect(cronHealth(minutely, null, 0, now).warning).toBe("No run recorded in the last 7 days.");
  });
});

describe("the queues", () => {
  it("are named without the service's prefix, the environment or the dead-letter suffix", () => {
    expect(queueOfBatch("qr-code-creator-scans")).toEqual({ name: "scans", dead: false });
    expect(queueOfBatch("qr-code-creator-webhooks-staging-dlq")).toEqual({
      name: "webhooks",
      dead: true,
    });
    // Every consumer in wrangler.toml is one of ours.
    const consumers = [...toml.matchAll(/queue = "qr-code-creator-([a-z]+)/g)].map((m) => m[1]);
    expect(new Set(consumers)).toEqual(new Set(QUEUE_NAMES));
  });

  it("list the failing ones first, each with its last error", () => {
    const rows = queueHealth(
      [
        { queue: "mail", kind: "dead_lettered", messages: 2 },
        { queue: "mail", kind: "retried", messages: 3 },
        { queue: "webhooks-dlq", kind: "retried", messages: 1 },
      ],
      [{ queue: "mail", error: "Error: provider down" }],
    );
    expect(rows.slice(0, 2)).toEqual([
      {
        queue: "mail",
        retried: 3,
        deadLettered: 2,
        lastError: "Error: provider down",
        problem: true,
      },
      { queue: "webhooks-dlq", retried: 1, deadLettered: 0, lastError: null, problem: true },
    ]);
    expect(rows.slice(2).map((row) => row.queue)).toEqual(["scans", "webhooks", "bulk", "domains"]);
  });

  it("keep an error's text on one line, at most 300 characters", () => {
    expect(errorText(new TypeError("bad\n  thing"))).toBe("TypeError: bad thing");
    expect(errorText("x".repeat(400))).toHaveLength(300);
  });
});

describe("the request tally", () => {
  it("counts per hour and hands its counts over at most once a minute", () => {
    const tally = new RequestTally();
    const start = Date.UTC(2026, 10, 27, 9, 59, 30);
    tally.count(200, start);
    // An isolate's first count goes out at once.
    expect(tally.takeDue(start)).toEqual([
      { hour: Date.UTC(2026, 10, 27, 9), requests: 1, errors: 0 },
    ]);
    tally.count(500, start + 10_000);
    tally.count(503, start + 40_000); // the next hour
    tally.count(404, start + 50_000);
    expect(tally.takeDue(start + 50_000)).toBeNull();
    const due = tally.takeDue(start + 60_000);
    expect(due).toEqual([
      { hour: Date.UTC(2026, 10, 27, 9), requests: 1, errors: 1 },
      { hour: Date.UTC(2026, 10, 27, 10), requests: 2, errors: 1 },
    ]);
    // A failed write puts them back for the next minute.
    tally.putBack(due!);
    tally.count(200, start + 70_000);
    expect(tally.takeDue(start + 100_000)).toBeNull();
    expect(tally.takeDue(start + 120_000)).toEqual([
      { hour: Date.UTC(2026, 10, 27, 9), requests: 1, errors: 1 },
      { hour: Date.UTC(2026, 10, 27, 10), requests: 3, errors: 1 },
    ]);
    expect(tally.takeDue(start + 300_000)).toBeNull();
  });

  it("makes the day's rate from hourly rows, with quiet hours as zeros", () => {
    const now = new Date(Date.UTC(2026, 10, 27, 12, 30));
    const rate = errorRate(
      [
        { hour: Date.UTC(2026, 10, 27, 12), requests: 900, errors: 0 },
        { hour: Date.UTC(2026, 10, 27, 11), requests: 100, errors: 5 },
      ],
      now,
    );
    expect(rate.hours).toHaveLength(24);
    expect(rate.hours[23]).toEqual({ hour: Date.UTC(2026, 10, 27, 12), requests: 900, errors: 0 });
    expect(rate.hours[0]!.hour).toBe(Date.UTC(2026, 10, 26, 13));
    expect(rate).toMatchObject({ requests: 1000, errors: 5, rate: 0.005, problem: true });
    expect(errorRate([], now)).toMatchObject({ requests: 0, errors: 0, rate: 0, problem: false });
  });
});
