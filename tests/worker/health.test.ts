import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendMail } from "../../app/mail/mailer.server";
import { consumeQueue } from "../../app/operations/consume-queue.server";
import { recordCronRun } from "../../app/operations/bookkeeping.server";
import { createDatabase } from "../../app/db/client.server";
import { runScheduledJobs } from "../../app/jobs/run.server";
import { textOf } from "../support/html";
import { appFetch } from "./app";
import { signUp, staffMember, unverifiedStaff } from "./staff";

// /staff/health (issue #31): what the queues, crons, mailer and request log record shows up on
// the operator's page, problems first, and the page is staff-only.

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Runs the Worker's queue() handler on messages delivered for the `attempts`th time. */
async function consume(queue: string, bodies: unknown[], attempts = 1) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, index) => ({ id: `m${index}`, timestamp: new Date(), attempts, body })),
  );
  await consumeQueue(batch, env).catch(() => {});
  return getQueueResult(batch, createExecutionContext());
}

/** The Worker's handlers, reached through the harness's binding to the main module. */
const worker = exports.default as unknown as {
  scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<unknown>;
};

const quiet = () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};

const CRONS = ["17 3 * * *", "*/10 * * * *", "* * * * *"];

async function healthPage(cookie: string) {
  const response = await appFetch("/staff/health", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return textOf(await response.text());
}

/** The text of one block of the page, from its heading to the next block's. */
function block(text: string, title: string): string {
  const titles = [
    "Queues",
    "Cron triggers",
    "Bulk jobs stuck for over an hour",
    "Webhook endpoints disabled",
    "Failed mail",
    "5xx rate",
  ];
  const start = text.indexOf(title);
  expect(start).toBeGreaterThan(-1);
  const ends = titles
    .map((other) => text.indexOf(other, start + title.length))
    .filter((index) => index > start);
  return text.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
}

async function workspaceOf(userId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM workspaces WHERE owner_id = ? LIMIT 1")
    .bind(userId)
    .first<{ id: string }>();
  return row!.id;
}

describe("the health page", () => {
  it("is the ordinary 404 for visitors, customers and an unverified staff address", async () => {
    const customer = await signUp("ultimate");
    const unverified = await unverifiedStaff();
    expect((await appFetch("/staff/health")).status).toBe(404);
    for (const cookie of [customer.cookie, unverified.cookie]) {
      expect((await appFetch("/staff/health", { headers: { Cookie: cookie } })).status).toBe(404);
    }
  });

  it("says All clear in every block when the crons ran and nothing failed, and comes first in the console", async () => {
    const staff = await staffMember();
    quiet();
    for (const cron of CRONS) await worker.scheduled({ cron, scheduledTime: Date.now() });
    vi.restoreAllMocks();
    const text = await healthPage(staff.cookie);
    for (const title of [
      "Queues",
      "Cron triggers",
      "Bulk jobs stuck for over an hour",
      "Webhook endpoints disabled",
      "Failed mail",
    ]) {
      expect(block(text, title)).toContain("All clear");
      expect(block(text, title)).not.toContain("Needs a look");
    }
    expect(block(text, "Cron triggers")).toContain("nightly-cleanup");
    const home = textOf(
      await (await appFetch("/staff", { headers: { Cookie: staff.cookie } })).text(),
    );
    expect(home.indexOf("Health")).toBeLessThan(home.indexOf("Support inbox"));
  });

  it("shows a retried queue message with its error, and a dead-lettered one", async () => {
    const staff = await staffMember();
    quiet();
    // D1 fails once as the webhook consumer looks the endpoint up: the message is retried.
    vi.spyOn(env.DB, "prepare").mockImplementationOnce(() => {
      throw new Error("D1_ERROR: Network connection lost.");
    });
    const webhook = {
      endpointId: "whe_gone",
      eventId: "msg_1",
      type: "qr_code.created",
      payload: "{}",
    };
    expect((await consume("qr-code-creator-webhooks", [webhook])).retryMessages).toHaveLength(1);
    // A consumer that throws: the runtime retries its whole batch.
    vi.spyOn(env.DB, "prepare").mockImplementationOnce(() => {
      throw new Error("D1_ERROR: overloaded");
    });
    await consume("qr-code-creator-bulk-dlq", [{ jobId: "bulk_a", chunk: 0 }], 2);
    // Scans that failed every retry reach the scan queue's dead-letter queue.
    const dead = await consume("qr-code-creator-scans-dlq", [
      { id: "e1", codeId: 1 },
      { id: "e2", codeId: 1 },
    ]);
    expect(dead.ackAll).toBe(true);
    vi.restoreAllMocks();

    const text = await healthPage(staff.cookie);
    const queues = block(text, "Queues");
    expect(queues).toContain("Needs a look");
    expect(queues).toMatch(
      /webhooks\s*1 retried\s*0 dead-lettered\s*Error: D1_ERROR: Network connection lost\./,
    );
    expect(queues).toMatch(/scans\s*0 retried\s*2 dead-lettered/);
    // Problems first: the two queues with failures before the quiet ones, the block before
    // the blocks that are all clear.
    expect(queues).toMatch(/bulk-dlq\s*1 retried\s*0 dead-lettered\s*Error: D1_ERROR: overloaded/);
    expect(queues.indexOf("mail")).toBeGreaterThan(queues.indexOf("scans"));
    expect(text.indexOf("Queues")).toBeLessThan(text.indexOf("Bulk jobs stuck"));
  });

  it("records each cron run with its outcome: a failing job fails the run, the others still run", async () => {
    const staff = await staffMember();
    // A week-old bookkeeping row the nightly clean-up should remove, after the failing jobs.
    await env.DB.prepare(
      "INSERT INTO queue_failures (queue, kind, messages, error, created_at) VALUES ('mail', 'retried', 1, 'old', ?)",
    )
      .bind(Date.now() - 8 * 24 * 60 * 60_000)
      .run();
    quiet();
    const broken = {
      list: () => Promise.reject(new Error("R2 is unavailable")),
    } as unknown as R2Bucket;
    // As the Worker's scheduled() handler runs the nightly trigger, with R2 failing.
    await expect(
      recordCronRun(createDatabase(env.DB), "17 3 * * *", () =>
        runScheduledJobs({ DB: env.DB, SESSIONS: env.SESSIONS, LOGOS: broken }, new Date()),
      ),
    ).rejects.toThrow("Scheduled jobs failed: logo-sweep, bulk-sweep");
    vi.restoreAllMocks();

    const run = await env.DB.prepare(
      "SELECT name, outcome, error, duration_ms, finished_at >= started_at AS ordered FROM cron_runs WHERE name = 'nightly-cleanup' ORDER BY id DESC LIMIT 1",
    ).first<{
      name: string;
      outcome: string;
      error: string;
      duration_ms: number;
      ordered: number;
    }>();
    expect(run).toMatchObject({ outcome: "failed", ordered: 1 });
    expect(run!.error).toContain("logo-sweep");
    expect(run!.error).toContain("R2 is unavailable");
    const old = await env.DB.prepare(
      "SELECT count(*) AS n FROM queue_failures WHERE error = 'old'",
    ).first<{ n: number }>();
    expect(old!.n).toBe(0);

    const crons = block(await healthPage(staff.cookie), "Cron triggers");
    expect(crons).toContain("Needs a look");
    expect(crons).toMatch(/nightly-cleanup[\s\S]*Failed[\s\S]*logo-sweep/);
  });

  it("warns about a cron that has not run for twice its interval", async () => {
    const staff = await staffMember();
    const hour = 60 * 60_000;
    await env.DB.prepare(
      "INSERT INTO cron_runs (name, cron, started_at, finished_at, outcome, duration_ms) VALUES ('domain-checks', '*/10 * * * *', ?, ?, 'ok', 12)",
    )
      .bind(Date.now() - 100 * hour, Date.now() - 100 * hour + 12)
      .run();
    const crons = block(await healthPage(staff.cookie), "Cron triggers");
    expect(crons).toContain("Has not run for more than twice its interval (10 minutes).");
  });

  it("shows a failed mail send by its subject, never the address", async () => {
    const staff = await staffMember();
    quiet();
    const prepare = env.DB.prepare.bind(env.DB);
    vi.spyOn(env.DB, "prepare").mockImplementation((query: string) => {
      if (query.includes("mail_outbox")) throw new Error("D1_ERROR: outbox is full");
      return prepare(query);
    });
    const outcome = await sendMail({
      to: "someone-private@example.com",
      subject: "Your receipt for the health check",
      text: "Thanks",
      html: "<p>Thanks</p>",
    } as Parameters<typeof sendMail>[0]);
    vi.restoreAllMocks();
    expect(outcome).toBe("failed");
    const mail = block(await healthPage(staff.cookie), "Failed mail");
    expect(mail).toContain("Needs a look");
    expect(mail).toContain("Your receipt for the health check");
    expect(mail).toContain("Not sent");
    expect(mail).toContain("outbox is full");
    expect(mail).not.toContain("someone-private@example.com");
  });

  it("lists bulk jobs stuck for over an hour and webhook endpoints disabled today", async () => {
    const staff = await staffMember();
    const owner = await signUp("ultimate");
    const workspace = await workspaceOf(owner.id);
    const now = Date.now();
    const hour = 60 * 60_000;
    const job = (id: string, status: string, started: number) =>
      env.DB.prepare(
        `INSERT INTO bulk_jobs (id, workspace_id, status, file_name, total_rows, checked_rows, done_rows, chunks, options, created_at, started_at, expires_at)
         VALUES (?, ?, ?, 'codes.csv', 300, 300, 100, 3, '{}', ?, ?, ?)`,
      ).bind(id, workspace, status, started, started, now + 7 * 24 * hour);
    const endpoint = (id: string, url: string, disabledAt: number) =>
      env.DB.prepare(
        `INSERT INTO webhook_endpoints (id, workspace_id, url, events, secret, enabled, disabled_reason, disabled_at, app_origin, created_at)
         VALUES (?, ?, ?, '[]', 'whsec_x', 0, 'Its last 20 deliveries in a row failed.', ?, 'https://qr.example.com', ?)`,
      ).bind(id, workspace, url, disabledAt, disabledAt);
    await env.DB.batch([
      job("bulk_stuck", "running", now - 2 * hour),
      job("bulk_recent", "running", now - 10 * 60_000),
      job("bulk_done", "done", now - 3 * hour),
      endpoint("whe_today", "https://hooks.example.com/t/secret-token", now - 2 * hour),
      endpoint("whe_old", "https://old.example.com/", now - 3 * 24 * hour),
    ]);

    const text = await healthPage(staff.cookie);
    const bulk = block(text, "Bulk jobs stuck for over an hour");
    expect(bulk).toContain("bulk_stuck (100 of 300 rows)");
    expect(bulk).not.toContain("bulk_recent");
    expect(bulk).not.toContain("bulk_done");
    const webhooks = block(text, "Webhook endpoints disabled");
    expect(webhooks).toContain("hooks.example.com (whe_today)");
    expect(webhooks).toContain("Its last 20 deliveries in a row failed.");
    expect(webhooks).not.toContain("secret-token");
    expect(webhooks).not.toContain("whe_old");
  });

  it("counts requests and 5xx answers per hour, written at most once a minute", async () => {
    const staff = await staffMember();
    const stats = () =>
      env.DB.prepare(
        "SELECT coalesce(sum(requests), 0) AS requests, coalesce(sum(errors), 0) AS errors FROM request_stats",
      ).first<{ requests: number; errors: number }>();
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now() + 5 * 60_000;
    vi.setSystemTime(start);
    // A minute on: this isolate's counts so far are written (as the first write, or a minute on).
    await appFetch("/privacy");
    await vi.waitFor(async () => expect((await stats())!.requests).toBeGreaterThan(0));
    const before = (await stats())!;

    // D1 down: the page answers 503; its count stays in memory until a write can go.
    quiet();
    const outage = () => {
      throw new Error("D1_ERROR: Network connection lost.");
    };
    vi.setSystemTime(start + 61_000);
    vi.spyOn(env.DB, "prepare").mockImplementation(outage);
    vi.spyOn(env.DB, "batch").mockImplementation(outage);
    const failed = await appFetch("/", {
      headers: { Cookie: `qr_visitor=${crypto.randomUUID()}` },
    });
    expect(failed.status).toBe(503);
    vi.restoreAllMocks();
    // Within the minute nothing is written.
    vi.setSystemTime(start + 122_000);
    await appFetch("/privacy");
    vi.setSystemTime(start + 130_000);
    await appFetch("/privacy");
    await vi.waitFor(async () => expect((await stats())!.requests).toBe(before.requests + 2));
    expect((await stats())!.errors).toBe(before.errors + 1);

    // The page reads the hours up to the (faked) present.
    const rate = block(await healthPage(staff.cookie), "5xx rate");
    expect(rate).toMatch(/answered 5xx/);
    expect(rate).toContain("1 5xx");
  });
});
