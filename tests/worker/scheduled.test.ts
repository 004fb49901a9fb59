import { env, exports } from "cloudflare:workers";
import { eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import {
  auditEvents,
  qrCodes,
  qrDownloads,
  qrScans,
  scanRollups,
  users,
} from "../../app/db/schema";
import { purgeExpiredAuditEvents } from "../../app/jobs/audit-retention.server";
import {
  LOGO_SWEEP_CURSOR_KEY,
  sweepOrphanLogos,
  UNSAVED_LOGO_GRACE_DAYS,
} from "../../app/jobs/logo-sweep.server";
import { ANALYTICS_PURGE_LIMIT } from "../../app/jobs/retention.server";
import { runScheduledJobs } from "../../app/jobs/run.server";
import { personalWorkspaceStatements } from "../../app/models/workspaces.server";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { TRIAL_EXPIRY_LIMIT } from "../../app/jobs/trials.server";
import type { PlanId } from "../../app/plans/catalogue";

// The nightly cron, driven through the Worker's exported scheduled() handler as Cloudflare's
// trigger would. Storage is shared by the tests of this file, so each one looks only at its own
// people, codes and logos (or at totals, where a run's limit is the point).

const DAY = 24 * 60 * 60 * 1000;
// R2 stamps uploads with the real clock, so the runs are timed from it too.
const NOW = Date.now();
const daysAgo = (days: number, from = NOW) => new Date(from - days * DAY);

const db = createDatabase(env.DB);

/**
 * The Worker's exported scheduled() handler, reached like fetch() through the test harness's
 * binding to the main module. The call crosses an RPC boundary, so the controller is a plain
 * object of the fields the handler reads (createScheduledController()'s cannot be cloned).
 */
const worker = exports.default as unknown as {
  scheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">): Promise<void>;
};

type JobLine = { job: string; ok: boolean; durationMs: number } & Record<string, unknown>;

/** Runs the nightly cron at `time` and returns the log line of each job. */
async function cron(time = NOW): Promise<JobLine[]> {
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    await worker.scheduled({ scheduledTime: time, cron: "17 3 * * *" });
    return jobLines([...info.mock.calls, ...error.mock.calls]);
  } finally {
    info.mockRestore();
    error.mockRestore();
  }
}

/** The jobs' log lines (event "scheduled_job"), without the fields every log line has. */
function jobLines(calls: unknown[][]): JobLine[] {
  return calls
    .map(([line]) => JSON.parse(String(line)) as JobLine & { event: string; level: string })
    .filter((line) => line.event === "scheduled_job")
    .map(({ event: _event, level: _level, ...line }) => line);
}

const lineOf = (lines: JobLine[], job: string) => lines.find((line) => line.job === job)!;

async function person(plan: PlanId, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  await db.insert(users).values({
    id,
    email: `${id}@example.com`,
    provider: "email",
    providerId: id,
    subscriptionPlan: plan,
    // Paid plans are paid for unless a test says otherwise.
    stripeSubscriptionId: plan === "free" ? null : `sub_${id}`,
    createdAt: daysAgo(3000),
    updatedAt: daysAgo(3000),
    ...overrides,
  });
  await db.batch(personalWorkspaceStatements(db, id, daysAgo(3000)));
  return id;
}

async function codeOf(userId: string, logoUrl: string | null = null) {
  const [code] = await db
    .insert(qrCodes)
    .values({
      userId,
      workspaceId: personalWorkspaceId(userId),
      type: "url",
      data: { url: "https://example.com" },
      customization: { size: 256, fgColor: "#000000", bgColor: "#ffffff" },
      title: "Menu",
      logoUrl,
      downloadCount: 7,
      createdAt: daysAgo(3000),
      updatedAt: daysAgo(3000),
    })
    .returning({ id: qrCodes.id });
  return code!.id;
}

/** A scan (raw and rolled up) and a download of the code, each `days` ago. */
async function activity(codeId: number, ...days: number[]) {
  for (const age of days) {
    await db.insert(qrScans).values({ qrCodeId: codeId, scannedAt: daysAgo(age) });
    await db.insert(scanRollups).values({
      qrCodeId: codeId,
      dimension: "total",
      hour: daysAgo(age).getTime(),
      value: "",
      scans: 1,
    });
    await db
      .insert(qrDownloads)
      .values({ qrCodeId: codeId, format: "png", downloadedAt: daysAgo(age) });
  }
}

/** Ages in days of the code's remaining scans and downloads, youngest first. */
async function remaining(codeId: number) {
  const age = (at: Date) => Math.round((NOW - at.getTime()) / DAY);
  const scans = await db.select().from(qrScans).where(eq(qrScans.qrCodeId, codeId)).all();
  const rollups = await db.select().from(scanRollups).where(eq(scanRollups.qrCodeId, codeId)).all();
  const downloads = await db
    .select()
    .from(qrDownloads)
    .where(eq(qrDownloads.qrCodeId, codeId))
    .all();
  return {
    scans: scans.map((row) => age(row.scannedAt)).sort((a, b) => a - b),
    rollups: rollups.map((row) => age(new Date(row.hour))).sort((a, b) => a - b),
    downloads: downloads.map((row) => age(row.downloadedAt)).sort((a, b) => a - b),
  };
}

const userRow = async (id: string) =>
  (await db.select().from(users).where(eq(users.id, id)).get())!;

/** The `n` of a `SELECT count(*) AS n ...`. */
const count = async (query: SQL) => (await db.get<{ n: number }>(query))!.n;

/** A logo of the person's personal workspace (logos belong to workspaces, issue #27). */
async function putLogo(userId: string) {
  const key = `logos/ws_${userId}/${crypto.randomUUID().replaceAll("-", "")}`;
  await env.LOGOS.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  return key;
}

const logoExists = async (key: string) => (await env.LOGOS.head(key)) !== null;

describe("the nightly cron: analytics retention", () => {
  it("keeps scans and downloads as long as the owner's effective plan does, and no longer", async () => {
    const premium = await codeOf(await person("premium"));
    await activity(premium, 400, 10);
    const ultimate = await codeOf(await person("ultimate"));
    await activity(ultimate, 5 * 365);
    const free = await codeOf(await person("free"));
    await activity(free, 40, 5);
    // Premium on record, but the payment lapsed: free by the effective plan, with its grace.
    const lapsed = await codeOf(await person("premium", { subscriptionStatus: "past_due" }));
    await activity(lapsed, 400, 40, 20);
    // In an Ultimate trial and not (yet) paying: Ultimate's retention while the trial lasts.
    const trial = await codeOf(
      await person("ultimate", {
        stripeSubscriptionId: null,
        isTrialActive: true,
        trialStartDate: daysAgo(2),
        trialEndDate: daysAgo(-5),
      }),
    );
    await activity(trial, 2 * 365);

    const lines = await cron();

    expect(await remaining(premium)).toEqual({ scans: [10], rollups: [10], downloads: [10] });
    expect(await remaining(ultimate)).toEqual({
      scans: [5 * 365],
      rollups: [5 * 365],
      downloads: [5 * 365],
    });
    expect(await remaining(free)).toEqual({ scans: [5], rollups: [5], downloads: [5] });
    expect(await remaining(lapsed)).toEqual({ scans: [20], rollups: [20], downloads: [20] });
    expect(await remaining(trial)).toEqual({
      scans: [2 * 365],
      rollups: [2 * 365],
      downloads: [2 * 365],
    });
    // Each code's scan count follows its rollups (migration 0025's triggers): what is kept.
    const scanCount = async (id: number) =>
      (await db.select({ n: qrCodes.scanCount }).from(qrCodes).where(eq(qrCodes.id, id)).get())!.n;
    expect(await scanCount(premium)).toBe(1);
    expect(await scanCount(free)).toBe(1);
    expect(await scanCount(ultimate)).toBe(1);
    // The lifetime download counter is not analytics history.
    const counters = await db.select({ n: qrCodes.downloadCount }).from(qrCodes).all();
    expect(counters.every((row) => row.n === 7)).toBe(true);
    expect(lineOf(lines, "analytics-retention")).toMatchObject({
      ok: true,
      scansDeleted: 4,
      downloadsDeleted: 4,
      rollupsDeleted: 4,
      limitReached: false,
    });
  });

  it(`deletes at most ${ANALYTICS_PURGE_LIMIT} rows per table a night; the next night takes the rest`, async () => {
    await cron(); // nothing else left to purge, so the counts below are this test's rows
    const code = await codeOf(await person("free"));
    const extra = 37;
    await db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ANALYTICS_PURGE_LIMIT + extra})
      INSERT INTO qr_scans (qr_code_id, scanned_at) SELECT ${code}, ${daysAgo(60).getTime()} + i FROM n`);
    await db.run(sql`
      INSERT INTO qr_downloads (qr_code_id, format, downloaded_at)
      SELECT qr_code_id, 'png', scanned_at FROM qr_scans WHERE qr_code_id = ${code}`);
    await activity(code, 1, 2, 3);
    const rowsOf = async () => ({
      scans: await count(sql`SELECT count(*) AS n FROM qr_scans`),
      downloads: await count(sql`SELECT count(*) AS n FROM qr_downloads`),
    });
    const before = await rowsOf();

    const first = await cron();
    expect(await rowsOf()).toEqual({
      scans: before.scans - ANALYTICS_PURGE_LIMIT,
      downloads: before.downloads - ANALYTICS_PURGE_LIMIT,
    });
    expect(lineOf(first, "analytics-retention")).toMatchObject({
      scansDeleted: ANALYTICS_PURGE_LIMIT,
      downloadsDeleted: ANALYTICS_PURGE_LIMIT,
      limitReached: true,
    });

    const second = await cron();
    expect(lineOf(second, "analytics-retention")).toMatchObject({
      scansDeleted: extra,
      downloadsDeleted: extra,
      limitReached: false,
    });
    expect(await remaining(code)).toEqual({
      scans: [1, 2, 3],
      rollups: [1, 2, 3],
      downloads: [1, 2, 3],
    });
  });
});

describe("the nightly cron: ended trials", () => {
  it("switches off trials that have ended and drops their plan unless a subscription pays for it", async () => {
    const trial = (endsInDays: number, overrides: Partial<typeof users.$inferInsert> = {}) =>
      person("premium", {
        stripeSubscriptionId: null,
        isTrialActive: true,
        trialStartDate: daysAgo(7 - endsInDays),
        trialEndDate: daysAgo(-endsInDays),
        ...overrides,
      });
    const endedYesterday = await trial(-1);
    const endsTomorrow = await trial(1);
    const subscribed = await trial(-1, {
      subscriptionPlan: "ultimate",
      stripeSubscriptionId: "sub_paid",
    });
    const cancelled = await trial(-1, {
      stripeSubscriptionId: "sub_cancelled",
      subscriptionStatus: "canceled",
    });
    const untouched = await userRow(endsTomorrow);

    const lines = await cron();

    expect(await userRow(endedYesterday)).toMatchObject({
      isTrialActive: false,
      subscriptionPlan: "free",
      updatedAt: new Date(NOW),
    });
    expect(await userRow(endsTomorrow)).toEqual(untouched);
    expect(await userRow(subscribed)).toMatchObject({
      isTrialActive: false,
      subscriptionPlan: "ultimate",
    });
    expect(await userRow(cancelled)).toMatchObject({
      isTrialActive: false,
      subscriptionPlan: "free",
    });
    expect(lineOf(lines, "trial-expiry")).toMatchObject({ ok: true, trialsEnded: 3 });
  });

  it(`ends at most ${TRIAL_EXPIRY_LIMIT} trials a night; the next night ends the rest`, async () => {
    await cron();
    const extra = 12;
    await db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TRIAL_EXPIRY_LIMIT + extra})
      INSERT INTO users (id, email, provider, provider_id, subscription_plan, trial_start_date,
                         trial_end_date, is_trial_active, created_at, updated_at)
      SELECT 'bulk-' || i, 'bulk-' || i || '@example.com', 'email', 'bulk-' || i, 'premium',
             ${daysAgo(9).getTime()}, ${daysAgo(2).getTime()}, 1, ${daysAgo(9).getTime()}, ${daysAgo(9).getTime()}
      FROM n`);
    const stillFlagged = () =>
      count(sql`SELECT count(*) AS n FROM users WHERE id LIKE 'bulk-%' AND is_trial_active = 1`);

    const first = await cron();
    expect(lineOf(first, "trial-expiry")).toMatchObject({
      trialsEnded: TRIAL_EXPIRY_LIMIT,
      limitReached: true,
    });
    expect(await stillFlagged()).toBe(extra);

    const second = await cron();
    expect(lineOf(second, "trial-expiry")).toMatchObject({ trialsEnded: extra });
    expect(await stillFlagged()).toBe(0);
  });
});

describe("the nightly cron: the audit log's retention", () => {
  /** Entries of the person's personal workspace, each `days` old. */
  async function entries(userId: string, ...days: number[]) {
    await db.insert(auditEvents).values(
      days.map((age) => ({
        workspaceId: personalWorkspaceId(userId),
        actorId: userId,
        action: "code.created",
        createdAt: daysAgo(age),
      })),
    );
  }
  async function ages(userId: string) {
    const rows = await db
      .select({ at: auditEvents.createdAt })
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, personalWorkspaceId(userId)))
      .all();
    return rows.map((row) => Math.round((NOW - row.at.getTime()) / DAY)).sort((a, b) => a - b);
  }

  it("keeps entries as long as the workspace's plan keeps analytics: Premium a year, Ultimate always, Free 30 days", async () => {
    const premium = await person("premium");
    await entries(premium, 400, 364, 1);
    const ultimate = await person("ultimate");
    await entries(ultimate, 5 * 365, 1);
    const free = await person("free");
    await entries(free, 31, 29);
    const lapsed = await person("premium", { subscriptionStatus: "past_due" });
    await entries(lapsed, 40, 20);

    const lines = await cron();

    expect(await ages(premium)).toEqual([1, 364]);
    expect(await ages(ultimate)).toEqual([1, 5 * 365]);
    expect(await ages(free)).toEqual([29]);
    expect(await ages(lapsed)).toEqual([20]);
    expect(lineOf(lines, "audit-retention")).toMatchObject({
      ok: true,
      deleted: 3,
      limitReached: false,
    });
  });

  it("deletes a bounded number of entries per run; the next run takes the rest", async () => {
    await cron();
    const free = await person("free");
    await entries(free, ...Array.from({ length: 7 }, (_, i) => 40 + i), 2);

    expect(await purgeExpiredAuditEvents(db, new Date(NOW), 5)).toEqual({
      deleted: 5,
      limitReached: true,
    });
    expect(await purgeExpiredAuditEvents(db, new Date(NOW), 5)).toEqual({
      deleted: 2,
      limitReached: false,
    });
    expect(await ages(free)).toEqual([2]);
  });
});

describe("the nightly cron: unused logos", () => {
  it(`deletes a logo no saved code uses once it is ${UNSAVED_LOGO_GRACE_DAYS} days old`, async () => {
    const owner = await person("premium");
    const saved = await putLogo(owner);
    await codeOf(owner, saved);
    // Uploaded on the generator page and not saved (yet): only the preview URL knows the key.
    const unsaved = await putLogo(owner);

    await cron(NOW + (UNSAVED_LOGO_GRACE_DAYS - 1) * DAY);
    expect(await logoExists(saved)).toBe(true);
    expect(await logoExists(unsaved)).toBe(true);

    const lines = await cron(NOW + (UNSAVED_LOGO_GRACE_DAYS + 1) * DAY);
    expect(await logoExists(saved)).toBe(true);
    expect(await logoExists(unsaved)).toBe(false);
    expect(lineOf(lines, "logo-sweep")).toMatchObject({ ok: true, deleted: 1, passComplete: true });
  });

  it("examines a bounded number of logos per run and carries on where the last run stopped", async () => {
    const owner = await person("ultimate");
    const saved = await putLogo(owner);
    await codeOf(owner, saved);
    const orphans = [];
    for (let i = 0; i < 7; i += 1) orphans.push(await putLogo(owner));
    const later = new Date(NOW + (UNSAVED_LOGO_GRACE_DAYS + 1) * DAY);
    const limits = { pageSize: 2, maxExamined: 3 };

    const runs = [];
    do {
      runs.push(await sweepOrphanLogos(db, env.LOGOS, env.SESSIONS, later, limits));
      if (!runs.at(-1)!.passComplete) {
        expect(await env.SESSIONS.get(LOGO_SWEEP_CURSOR_KEY)).toBeTruthy();
      }
    } while (!runs.at(-1)!.passComplete && runs.length < 20);

    expect(runs.length).toBeGreaterThan(2);
    expect(runs.every((run) => run.examined <= limits.maxExamined)).toBe(true);
    expect(await env.SESSIONS.get(LOGO_SWEEP_CURSOR_KEY)).toBeNull();
    expect(await logoExists(saved)).toBe(true);
    for (const orphan of orphans) expect(await logoExists(orphan)).toBe(false);
  });
});

describe("the nightly cron as a whole", () => {
  it("changes nothing when run a second time", async () => {
    const later = NOW + (UNSAVED_LOGO_GRACE_DAYS + 1) * DAY;
    const owner = await person("premium", {
      stripeSubscriptionId: null,
      isTrialActive: true,
      trialStartDate: daysAgo(10),
      trialEndDate: daysAgo(3),
    });
    const code = await codeOf(owner, await putLogo(owner));
    await activity(code, 400, 35, 3);
    await putLogo(owner);
    const snapshot = async () => ({
      users: await db.select().from(users).all(),
      codes: await db.select().from(qrCodes).all(),
      scans: await db.select().from(qrScans).all(),
      rollups: await db.select().from(scanRollups).all(),
      downloads: await db.select().from(qrDownloads).all(),
      audit: await db.select().from(auditEvents).all(),
      logos: (await env.LOGOS.list({ prefix: "logos/" })).objects.map((object) => object.key),
    });

    const first = await cron(later);
    expect(lineOf(first, "analytics-retention").scansDeleted).toBeGreaterThanOrEqual(2);
    expect(lineOf(first, "trial-expiry").trialsEnded).toBeGreaterThanOrEqual(1);
    expect(lineOf(first, "logo-sweep").deleted).toBeGreaterThanOrEqual(1);
    const after = await snapshot();
    const again = await cron(later);

    expect(await snapshot()).toEqual(after);
    expect(again.map(({ durationMs: _, ...line }) => line)).toEqual([
      {
        job: "analytics-retention",
        ok: true,
        scansDeleted: 0,
        downloadsDeleted: 0,
        rollupsDeleted: 0,
        scanEventsDeleted: 0,
        limitReached: false,
      },
      { job: "trial-expiry", ok: true, trialsEnded: 0, limitReached: false },
      { job: "logo-adoption", ok: true, adopted: 0, missing: 0 },
      {
        job: "logo-sweep",
        ok: true,
        examined: after.logos.length,
        deleted: 0,
        passComplete: true,
      },
      { job: "simulated-renewals", ok: true, provider: "simulated", ended: 0 },
      { job: "audit-retention", ok: true, deleted: 0, limitReached: false },
      { job: "idempotency-keys", ok: true, deleted: 0 },
      { job: "bulk-sweep", ok: true, expiredJobs: 0, orphanFolders: 0, deletedFiles: 0 },
      { job: "webhook-deliveries", ok: true, deliveries: 0, limitReached: false },
      { job: "webhook-secrets", ok: true, resealed: 0, unreadable: 0 },
      { job: "session-index", ok: true, deleted: 0, limitReached: false },
      // The first run's own record in cron_runs is a week older than `later`: it goes now.
      { job: "operations-records", ok: true, deleted: expect.any(Number) },
    ]);
  });

  it("runs every job even when one fails, logs one line per job and reports the failure", async () => {
    const broken = {
      list: () => Promise.reject(new Error("R2 is unavailable")),
    } as unknown as R2Bucket;
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(
        runScheduledJobs({ DB: env.DB, SESSIONS: env.SESSIONS, LOGOS: broken }, new Date(NOW)),
      ).rejects.toThrow("Scheduled jobs failed: logo-sweep, bulk-sweep");
      expect(jobLines(info.mock.calls).map((line) => [line.job, line.ok])).toEqual([
        ["analytics-retention", true],
        ["trial-expiry", true],
        ["logo-adoption", true],
        ["simulated-renewals", true],
        ["audit-retention", true],
        ["idempotency-keys", true],
        ["webhook-deliveries", true],
        ["webhook-secrets", true],
        ["session-index", true],
        ["operations-records", true],
      ]);
      expect(jobLines(error.mock.calls)).toEqual(
        ["logo-sweep", "bulk-sweep"].map((job) => ({
          job,
          ok: false,
          error: "R2 is unavailable",
          durationMs: expect.any(Number),
        })),
      );
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });
});
