import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db/client.server";
import { purgeExpiredAnalytics } from "../../app/jobs/retention.server";
import { recordScanBatch, type ScanEvent } from "../../app/scans/events.server";
import { visitorHash } from "../../app/scans/visitor.server";
import { newPerson, signUp } from "./accounts";
import { type Answer, call, makeKey, person } from "./api-client";
import { generate, ORIGIN } from "./app";

// Analytics read from rollups (issue #30): the scan queue's consumer folds each batch into
// hourly rows per code and dimension, counts a scanner once per code and UTC day, counts bots
// apart, and a redelivered event once; migration 0024 folds the scans recorded before it.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SLACK = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";
const menu = { type: "url", data: { url: "https://example.com/menu" }, title: "Menu" };
const FACEBOOK = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";

async function premiumCode() {
  const { cookie } = await signUp({ ...newPerson("rollups"), plan: "premium" });
  const saved = await generate(
    {
      type: "url",
      data: { url: "https://example.com/poster" },
      customization: { size: 256 },
      title: "Poster",
      save: "true",
      trackScans: "true",
    },
    { cookie, headers: { Origin: ORIGIN } },
  );
  return (await saved.json<{ id: number }>()).id;
}

function scanOf(codeId: number, fields: Partial<ScanEvent> & { at?: number } = {}): ScanEvent {
  return {
    id: crypto.randomUUID(),
    codeId,
    visitor: crypto.randomUUID(),
    userAgent: IPHONE,
    location: {
      country: "DE",
      region: "Berlin",
      city: "Berlin",
      timezone: "Europe/Berlin",
      device: "mobile",
    },
    scannedAt: fields.at ?? Date.UTC(2026, 10, 20, 9, 15),
    ...fields,
  };
}

async function fold(events: ScanEvent[]) {
  const outcome = { acked: false, retried: false };
  const batch = {
    queue: "qr-code-creator-scans",
    messages: events.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), body, attempts: 1 })),
    ackAll: () => (outcome.acked = true),
    retryAll: () => (outcome.retried = true),
  } as unknown as MessageBatch<ScanEvent>;
  const report = await recordScanBatch(batch, env.DB);
  return { report, outcome };
}

type Row = {
  dimension: string;
  hour: number;
  value: string;
  scans: number;
  uniques: number;
  bots: number;
};

async function rollupsOf(codeId: number): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    "SELECT dimension, hour, value, scans, uniques, bots FROM scan_rollups WHERE qr_code_id = ? ORDER BY dimension, hour, value",
  )
    .bind(codeId)
    .all<Row>();
  return results;
}

const totals = async (codeId: number) =>
  (await rollupsOf(codeId))
    .filter((row) => row.dimension === "total")
    .map(({ hour, scans, uniques, bots }) => ({ hour, scans, uniques, bots }));

describe("the scan consumer's rollups", () => {
  it("folds a batch per code, UTC hour and dimension, in one D1 batch of two statements", async () => {
    const id = await premiumCode();
    const nine = Date.UTC(2026, 10, 20, 9);
    const { report, outcome } = await fold([
      scanOf(id, { at: nine + 5 * 60_000 }),
      scanOf(id, { at: nine + 59 * 60_000 }),
      scanOf(id, {
        at: nine + HOUR,
        userAgent: WINDOWS,
        location: {
          country: "FR",
          region: "Île-de-France",
          city: "Paris",
          timezone: "Europe/Paris",
          device: "desktop",
        },
      }),
    ]);
    expect(outcome).toEqual({ acked: true, retried: false });
    expect(report).toEqual({ scans: 3, statements: 2, batches: 1 });
    const at = (hour: number, dimension: string, value: string, scans: number) => ({
      dimension,
      hour,
      value,
      scans,
      uniques: 0,
      bots: 0,
    });
    expect(await rollupsOf(id)).toEqual([
      at(nine, "browser", "Mobile Safari", 2),
      at(nine + HOUR, "browser", "Chrome", 1),
      at(nine, "city", "Berlin", 2),
      at(nine + HOUR, "city", "Paris", 1),
      at(nine, "country", "DE", 2),
      at(nine + HOUR, "country", "FR", 1),
      at(nine, "device", "mobile", 2),
      at(nine + HOUR, "device", "desktop", 1),
      at(nine, "os", "iOS", 2),
      at(nine + HOUR, "os", "Windows", 1),
      at(nine, "region", "Berlin", 2),
      at(nine + HOUR, "region", "Île-de-France", 1),
      at(nine, "timezone", "Europe/Berlin", 2),
      at(nine + HOUR, "timezone", "Europe/Paris", 1),
      { dimension: "total", hour: nine, value: "", scans: 2, uniques: 2, bots: 0 },
      { dimension: "total", hour: nine + HOUR, value: "", scans: 1, uniques: 1, bots: 0 },
    ]);
  });

  it("counts bots and link previewers apart, never as scans or in a breakdown", async () => {
    const id = await premiumCode();
    const at = Date.UTC(2026, 10, 20, 9);
    await fold([
      scanOf(id, { at }),
      scanOf(id, { at, userAgent: SLACK }),
      scanOf(id, { at, userAgent: FACEBOOK }),
    ]);
    expect(await totals(id)).toEqual([{ hour: at, scans: 1, uniques: 1, bots: 2 }]);
    const countries = (await rollupsOf(id)).filter((row) => row.dimension === "country");
    expect(countries.map((row) => [row.value, row.scans])).toEqual([["DE", 1]]);
  });

  it("counts a scanner once per code and UTC day, across batches, and again the next day", async () => {
    const id = await premiumCode();
    const other = await premiumCode();
    const day = Date.UTC(2026, 10, 20);
    const ada = "a".repeat(32);
    const bob = "b".repeat(32);
    await fold([
      scanOf(id, { at: day + 9 * HOUR, visitor: ada }),
      scanOf(id, { at: day + 9 * HOUR, visitor: ada }),
      scanOf(id, { at: day + 9 * HOUR, visitor: bob }),
      scanOf(other, { at: day + 9 * HOUR, visitor: ada }),
    ]);
    await fold([
      scanOf(id, { at: day + 15 * HOUR, visitor: ada }),
      scanOf(id, { at: day + DAY + 1 * HOUR, visitor: ada }),
    ]);
    expect(await totals(id)).toEqual([
      { hour: day + 9 * HOUR, scans: 3, uniques: 2, bots: 0 },
      { hour: day + 15 * HOUR, scans: 1, uniques: 0, bots: 0 },
      { hour: day + DAY + HOUR, scans: 1, uniques: 1, bots: 0 },
    ]);
    expect(await totals(other)).toEqual([{ hour: day + 9 * HOUR, scans: 1, uniques: 1, bots: 0 }]);
  });

  it("counts a redelivered event once, also when the queue regroups the batch", async () => {
    const id = await premiumCode();
    const at = Date.UTC(2026, 10, 20, 9);
    const events = Array.from({ length: 6 }, () => scanOf(id, { at }));
    await fold(events.slice(0, 4));
    // Acknowledged but delivered again, mixed with new scans, and one twice in one batch.
    await fold([events[2]!, events[3]!, events[4]!, events[4]!, events[5]!]);
    await fold(events);
    expect(await totals(id)).toEqual([{ hour: at, scans: 6, uniques: 6, bots: 0 }]);
  });

  it("keeps no address: the daily hash is stable within a day, and the salt changes by day", async () => {
    const request = (ip: string, ua = IPHONE) =>
      new Request(`${ORIGIN}/s/abcdef`, { headers: { "CF-Connecting-IP": ip, "User-Agent": ua } });
    const monday = Date.UTC(2026, 10, 23, 8);
    const first = await visitorHash(env.DB, request("203.0.113.9"), monday);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await visitorHash(env.DB, request("203.0.113.9"), monday + 10 * HOUR)).toBe(first);
    expect(await visitorHash(env.DB, request("203.0.113.10"), monday)).not.toBe(first);
    expect(await visitorHash(env.DB, request("203.0.113.9", WINDOWS), monday)).not.toBe(first);
    expect(await visitorHash(env.DB, request("203.0.113.9"), monday + DAY)).not.toBe(first);
    const { results } = await env.DB.prepare("SELECT day, salt FROM scan_salts WHERE day IN (?, ?)")
      .bind(Math.floor(monday / DAY), Math.floor(monday / DAY) + 1)
      .all<{ day: number; salt: string }>();
    expect(results).toHaveLength(2);
    expect(results[0]!.salt).not.toBe(results[1]!.salt);
  });
});

describe("retention of the scan inbox and the salts", () => {
  it("forgets folded events and the visitor salts after two days, and keeps the rollups", async () => {
    const id = await premiumCode();
    const now = Date.UTC(2026, 10, 25, 3, 17);
    const today = Math.floor(now / DAY);
    await env.DB.batch([
      ...[3, 2.5, 1, 0].map((age, i) =>
        env.DB.prepare(
          "INSERT INTO scan_inbox (event_id, qr_code_id, day, visitor, batch, received_at) VALUES (?, ?, ?, 'v', 'b', ?)",
        ).bind(`retention-${i}`, id, today, now - age * DAY),
      ),
      ...[today - 3, today - 2, today - 1, today].map((day) =>
        env.DB.prepare("INSERT OR REPLACE INTO scan_salts (day, salt) VALUES (?, 'salt')").bind(
          day,
        ),
      ),
    ]);
    await fold([scanOf(id, { at: now - 3 * DAY })]);
    const report = await purgeExpiredAnalytics(createDatabase(env.DB), new Date(now));
    expect(report.scanEventsDeleted).toBeGreaterThanOrEqual(2);
    const { results: events } = await env.DB.prepare(
      "SELECT event_id FROM scan_inbox WHERE event_id LIKE 'retention-%' ORDER BY event_id",
    ).all<{ event_id: string }>();
    expect(events.map((row) => row.event_id)).toEqual(["retention-2", "retention-3"]);
    const { results: salts } = await env.DB.prepare(
      "SELECT day FROM scan_salts WHERE day >= ? ORDER BY day",
    )
      .bind(today - 3)
      .all<{ day: number }>();
    expect(salts.map((row) => row.day)).toEqual([today - 1, today]);
    // The rollups follow the plan (Premium: 365 days), not the inbox.
    expect(await totals(id)).toHaveLength(1);
  });
});

describe("migration 0024", () => {
  it("folds the scans recorded before it into the rollups, on a seeded copy", async () => {
    const db = env.MIGRATION_TEST_DB;
    const before = env.TEST_MIGRATIONS.filter((m) => m.name < "0024");
    const rollups = env.TEST_MIGRATIONS.filter((m) => m.name.startsWith("0024"));
    expect(rollups).toHaveLength(1);
    await applyD1Migrations(db, before);
    const t = Date.UTC(2026, 10, 20, 9);
    await db.batch([
      db.prepare(
        "INSERT INTO users (id, email, first_name, provider, provider_id, subscription_plan, created_at, updated_at) VALUES ('u1', 'u1@example.com', 'Ada', 'email', 'u1', 'premium', 0, 0)",
      ),
      db.prepare(
        "INSERT INTO workspaces (id, name, owner_id, personal, created_at) VALUES ('ws_u1', 'Ada', 'u1', 1, 0)",
      ),
      db.prepare(
        `INSERT INTO qr_codes (id, user_id, workspace_id, type, data, customization, created_at, updated_at)
         VALUES (7, 'u1', 'ws_u1', 'url', '{}', '{}', 0, 0), (8, 'u1', 'ws_u1', 'url', '{}', '{}', 0, 0)`,
      ),
    ]);
    const scans: [number, number, string, string, string | null, string][] = [
      // code, at, address hash, user agent, country, device
      [7, t + 1_000, "h1", "ua1", "DE", "mobile"],
      [7, t + 2_000, "h1", "ua1", "DE", "mobile"], // the same scanner again that day
      [7, t + 3_000, "h2", "ua1", "FR", "desktop"],
      [7, t + 3_600_000, "h1", "ua1", "DE", "mobile"], // the next hour, the same day
      [7, t + 4_000, "h3", "bot/1", null, "bot"],
      [7, t + 86_400_000, "h1", "ua1", "DE", "mobile"], // the next day: unique again
      [8, t + 1_000, "h1", "ua1", "US", "tablet"],
    ];
    await db.batch(
      scans.map(([code, at, ip, ua, country, device]) =>
        db
          .prepare(
            "INSERT INTO qr_scans (qr_code_id, ip_address, user_agent, location, scanned_at) VALUES (?, ?, ?, ?, ?)",
          )
          .bind(
            code,
            ip,
            ua,
            JSON.stringify({ country, city: country === "DE" ? "Berlin" : null, device }),
            at,
          ),
      ),
    );
    await applyD1Migrations(db, rollups);
    const { results } = await db
      .prepare(
        "SELECT qr_code_id, dimension, hour, value, scans, uniques, bots FROM scan_rollups ORDER BY qr_code_id, dimension, hour, value",
      )
      .all();
    const row = (
      code: number,
      dimension: string,
      hour: number,
      value: string,
      scans: number,
      uniques = 0,
      bots = 0,
    ) => ({
      qr_code_id: code,
      dimension,
      hour,
      value,
      scans,
      uniques,
      bots,
    });
    const next = t + 3_600_000;
    const tomorrow = t + 86_400_000;
    expect(results).toEqual([
      row(7, "city", t, "Berlin", 2),
      row(7, "city", next, "Berlin", 1),
      row(7, "city", tomorrow, "Berlin", 1),
      row(7, "country", t, "DE", 2),
      row(7, "country", t, "FR", 1),
      row(7, "country", next, "DE", 1),
      row(7, "country", tomorrow, "DE", 1),
      row(7, "device", t, "desktop", 1),
      row(7, "device", t, "mobile", 2),
      row(7, "device", next, "mobile", 1),
      row(7, "device", tomorrow, "mobile", 1),
      row(7, "total", t, "", 3, 2, 1),
      row(7, "total", next, "", 1, 0, 0),
      row(7, "total", tomorrow, "", 1, 1, 0),
      row(8, "country", t, "US", 1),
      row(8, "device", t, "tablet", 1),
      row(8, "total", t, "", 1, 1, 0),
    ]);
  });
});

/** Each daily row against the sum of its day's hourly rows, for every code in `db`. */
async function dailyDisagreements(db: D1Database) {
  const { results } = await db
    .prepare(
      `SELECT h.qr_code_id, h.dimension, h.day, h.value, h.scans, h.uniques, h.bots,
         d.scans AS d_scans, d.uniques AS d_uniques, d.bots AS d_bots
       FROM (SELECT qr_code_id, dimension, hour - hour % ${DAY} AS day, value, sum(scans) AS scans,
               sum(uniques) AS uniques, sum(bots) AS bots
             FROM scan_rollups GROUP BY 1, 2, 3, 4) h
       LEFT JOIN scan_daily_rollups d USING (qr_code_id, dimension, day, value)
       WHERE d.scans IS NOT h.scans OR d.uniques IS NOT h.uniques OR d.bots IS NOT h.bots`,
    )
    .all();
  const { results: orphans } = await db
    .prepare(
      `SELECT * FROM scan_daily_rollups d WHERE NOT EXISTS (SELECT 1 FROM scan_rollups h
         WHERE h.qr_code_id = d.qr_code_id AND h.dimension = d.dimension AND h.value = d.value
           AND h.hour >= d.day AND h.hour < d.day + ${DAY})`,
    )
    .all();
  return [...results, ...orphans];
}

describe("daily rollups (migration 0034)", () => {
  it("sum the hours already folded, on a seeded copy", async () => {
    const db = env.MIGRATION_TEST_DB;
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name < "0034"),
    );
    const t = Date.UTC(2026, 10, 20);
    await db.batch([
      db.prepare(
        "INSERT INTO users (id, email, first_name, provider, provider_id, subscription_plan, created_at, updated_at) VALUES ('u34', 'u34@example.com', 'Ada', 'email', 'u34', 'premium', 0, 0)",
      ),
      db.prepare(
        "INSERT INTO workspaces (id, name, owner_id, personal, created_at) VALUES ('ws_u34', 'Ada', 'u34', 1, 0)",
      ),
      db.prepare(
        `INSERT INTO qr_codes (id, user_id, workspace_id, type, data, customization, created_at, updated_at)
         VALUES (34, 'u34', 'ws_u34', 'url', '{}', '{}', 0, 0)`,
      ),
      db.prepare(
        `INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans, uniques, bots) VALUES
         (34, 'total', ${t + 9 * HOUR}, '', 3, 2, 1), (34, 'total', ${t + 23 * HOUR}, '', 1, 0, 0),
         (34, 'total', ${t + DAY}, '', 1, 1, 0), (34, 'country', ${t + 9 * HOUR}, 'DE', 2, 0, 0),
         (34, 'country', ${t + 9 * HOUR}, 'FR', 1, 0, 0), (34, 'country', ${t + 23 * HOUR}, 'DE', 1, 0, 0),
         (34, 'country', ${t + DAY}, 'DE', 1, 0, 0)`,
      ),
    ]);
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name.startsWith("0034")),
    );
    const { results } = await db
      .prepare(
        "SELECT dimension, day, value, scans, uniques, bots FROM scan_daily_rollups WHERE qr_code_id = 34 ORDER BY dimension, day, value",
      )
      .all();
    const row = (
      dimension: string,
      day: number,
      value: string,
      scans: number,
      uniques = 0,
      bots = 0,
    ) => ({
      dimension,
      day,
      value,
      scans,
      uniques,
      bots,
    });
    expect(results).toEqual([
      row("country", t, "DE", 3),
      row("country", t, "FR", 1),
      row("country", t + DAY, "DE", 1),
      row("total", t, "", 4, 2, 1),
      row("total", t + DAY, "", 1, 1, 0),
    ]);
    expect(await dailyDisagreements(db)).toEqual([]);
  });

  it("follow every write to the hours: the consumer's upserts, retention and deleting a code", async () => {
    const id = await premiumCode();
    const now = Date.now();
    const day = Math.floor(now / DAY) * DAY;
    const events = [
      ...Array.from({ length: 30 }, (_, i) =>
        scanOf(id, { at: day - 2 * DAY + i * 3 * HOUR, visitor: `v${i % 4}` }),
      ),
      scanOf(id, { at: day + HOUR, userAgent: SLACK }),
      scanOf(id, { at: day - 400 * DAY }),
    ];
    await fold(events.slice(0, 20));
    await fold(events.slice(20));
    // Redelivered: counted once in both tables.
    await fold(events.slice(10, 15));
    expect(await dailyDisagreements(env.DB)).toEqual([]);
    const daily = await env.DB.prepare(
      "SELECT sum(scans) AS scans FROM scan_daily_rollups WHERE qr_code_id = ? AND dimension = 'total'",
    )
      .bind(id)
      .first<{ scans: number }>();
    expect(daily?.scans).toBe(31);

    // Premium keeps 365 days: the scan of 400 days ago goes from both.
    await purgeExpiredAnalytics(createDatabase(env.DB), new Date(now));
    expect(await dailyDisagreements(env.DB)).toEqual([]);
    const old = await env.DB.prepare(
      "SELECT count(*) AS n FROM scan_daily_rollups WHERE qr_code_id = ? AND day < ?",
    )
      .bind(id, day - 300 * DAY)
      .first<{ n: number }>();
    expect(old?.n).toBe(0);

    await env.DB.prepare("DELETE FROM qr_codes WHERE id = ?").bind(id).run();
    const left = await env.DB.prepare(
      "SELECT count(*) AS n FROM scan_daily_rollups WHERE qr_code_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("give the same breakdown as the hours for a range that starts and ends mid-day", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const code = (await call(key, "POST", "/qr-codes", menu)).json.id as number;
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    const places = [
      { country: "DE", city: "Berlin", device: "mobile" },
      { country: "FR", city: "Paris", device: "desktop" },
      { country: "JP", city: "Tokyo", device: "mobile" },
    ];
    // Every 5 hours for 12 days: hours at the range's edges and whole days between.
    const events = Array.from({ length: 58 }, (_, i) =>
      scanOf(code, { at: today - 12 * DAY + i * 5 * HOUR, location: places[(i * i) % 3] }),
    );
    await fold(events);
    // Tokyo's days start at 15:00 UTC: the range's first and last days are partial UTC days.
    const from = new Date(today - 9 * DAY).toISOString().slice(0, 10);
    const to = new Date(today - 2 * DAY).toISOString().slice(0, 10);
    const answer = await call(
      key,
      "GET",
      `/qr-codes/${code}/scans?from=${from}&to=${to}&timezone=Asia/Tokyo&groupBy=country`,
    );
    expect(answer.status).toBe(200);
    const start = Date.parse(`${from}T00:00:00Z`) - 9 * HOUR;
    const end = Date.parse(`${to}T00:00:00Z`) + DAY - 9 * HOUR;
    const truth = new Map<string, number>();
    for (const event of events) {
      if (event.scannedAt < start || event.scannedAt >= end) continue;
      const country = event.location.country!;
      truth.set(country, (truth.get(country) ?? 0) + 1);
    }
    const items = answer.json.breakdown.items as { value: string; scans: number }[];
    expect(Object.fromEntries(items.map((item) => [item.value, item.scans]))).toEqual(
      Object.fromEntries(truth),
    );
    expect(answer.json.totals.scans).toBe([...truth.values()].reduce((a, b) => a + b, 0));
  });
});

describe("/api/v1 scan analytics, read from the rollups", () => {
  it("gives a code's and the workspace's series in the caller's time zone, with uniques and a breakdown", async () => {
    const owner = await person();
    const key = await makeKey(owner);
    const code = (await call(key, "POST", "/qr-codes", menu)).json.id as number;
    const other = (await call(key, "POST", "/qr-codes", menu)).json.id as number;
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const noon = Date.parse(`${today}T12:00:00Z`);
    await fold([
      scanOf(code, { at: noon, visitor: "v1" }),
      scanOf(code, { at: noon, visitor: "v1" }),
      scanOf(code, {
        at: noon,
        visitor: "v2",
        userAgent: WINDOWS,
        location: { country: "FR", city: "Paris", device: "desktop" },
      }),
      scanOf(code, { at: noon, userAgent: SLACK }),
      scanOf(other, { at: noon, visitor: "v1" }),
    ]);

    const one = await call(
      key,
      "GET",
      `/qr-codes/${code}/scans?from=${today}&to=${today}&interval=hour&timezone=Asia/Tokyo&groupBy=country`,
    );
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      codeId: code,
      interval: "hour",
      timezone: "Asia/Tokyo",
      totals: { scans: 3, uniqueScans: 2, bots: 1 },
      breakdown: {
        groupBy: "country",
        items: [
          { value: "DE", scans: 2 },
          { value: "FR", scans: 1 },
        ],
      },
    });
    // Noon UTC is 21:00 in Tokyo, and the Tokyo day has 24 hourly buckets.
    expect(one.json.series).toHaveLength(24);
    expect(one.json.series.find((b: Answer) => b.scans > 0)).toEqual({
      start: `${today}T21:00`,
      scans: 3,
      uniqueScans: 2,
    });

    const all = await call(key, "GET", `/scans?from=${today}&to=${today}&groupBy=os`);
    expect(all.json).toMatchObject({
      codeId: null,
      timezone: "UTC",
      totals: { scans: 4, uniqueScans: 3, bots: 1 },
      series: [{ start: today, scans: 4, uniqueScans: 3 }],
      breakdown: {
        groupBy: "os",
        items: [
          { value: "iOS", scans: 3 },
          { value: "Windows", scans: 1 },
        ],
      },
    });

    // Another workspace's code is not found; nonsense is refused with a reason.
    const stranger = await makeKey(await person());
    expect((await call(stranger, "GET", `/qr-codes/${code}/scans`)).status).toBe(404);
    const zone = await call(key, "GET", `/scans?timezone=Mars/Olympus`);
    expect(zone.status).toBe(400);
    expect(JSON.stringify(zone.json)).toContain("Use an IANA time zone such as Europe/Berlin");
    const step = await call(key, "GET", `/scans?interval=fortnight`);
    expect(step.status).toBe(400);
    const group = await call(key, "GET", `/scans?groupBy=shoe_size`);
    expect(group.status).toBe(400);
    const long = await call(key, "GET", `/scans?from=2026-01-01&to=2026-03-01&interval=hour`);
    expect(long.status).toBe(400);
    expect(long.json.detail).toBe("Ask for at most 31 days at a time by hour.");
  });
});
