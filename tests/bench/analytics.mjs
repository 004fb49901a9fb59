// Analytics in `npm run bench` (issue #30, BENCH_ONLY=analytics):
// 1. a code with 10 million scans over a year, seeded straight into the hourly rollups: the
//    Analytics tab and the API's series (a year by day in Europe/Berlin, with a breakdown), p50;
// 2. 100,000 scans of one hot code put on the real scan queue and folded by the real consumer:
//    D1 statements per 1,000 scans, scans counted, unique scanners against the truth.
import { benchAccount } from "./accounts.mjs";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PHONES = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
];
const PLACES = [
  ["US", "California", "Los Angeles", "America/Los_Angeles"],
  ["US", "New York", "New York", "America/New_York"],
  ["DE", "Berlin", "Berlin", "Europe/Berlin"],
  ["GB", "England", "London", "Europe/London"],
  ["JP", "Tokyo", "Tokyo", "Asia/Tokyo"],
  ["IN", "Maharashtra", "Mumbai", "Asia/Kolkata"],
];

async function workspaceWithKey(origin, email) {
  const { id, cookie } = await benchAccount(origin, {
    email,
    firstName: "Analytics",
    lastName: "Bench",
    plan: "ultimate",
    ip: "192.0.2.240",
  });
  const form = new URLSearchParams({ intent: "create-key", workspace: `ws_${id}`, name: "Bench" });
  for (const scope of ["codes:read", "codes:write", "analytics:read"]) form.append("scopes", scope);
  const created = await fetch(new URL("/dashboard?tab=api", origin), {
    method: "POST",
    headers: { Origin: origin, Cookie: cookie },
    body: form,
  });
  const key = /qrc_[0-9A-Za-z]{40}/.exec(await created.text())?.[0];
  if (!key) throw new Error(`Key creation failed: ${created.status}`);
  const code = await fetch(new URL("/api/v1/qr-codes", origin), {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ type: "url", data: { url: "https://example.com/ad" }, title: "Ad" }),
  });
  if (code.status !== 201) throw new Error(`Code creation failed: ${code.status}`);
  return { cookie, key, codeId: (await code.json()).id };
}

/** 10 million scans over the last 365 days, as the consumer would have folded them. */
async function seedTenMillion(db, codeId, now) {
  const hours = 365 * 24;
  const first = Math.floor((now - 365 * DAY) / HOUR) * HOUR;
  const perHour = Math.round(10_000_000 / hours); // 1,142 an hour
  const series = `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${hours - 1})`;
  await db
    .prepare(
      `${series} INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans, uniques, bots)
       SELECT ${codeId}, 'total', ${first} + i * ${HOUR}, '', ${perHour}, ${Math.round(perHour * 0.8)}, 12 FROM n`,
    )
    .run();
  const dimensions = {
    country: PLACES.map((p) => p[0]).filter((v, i, a) => a.indexOf(v) === i),
    region: PLACES.map((p) => p[1]),
    city: PLACES.map((p) => p[2]),
    timezone: PLACES.map((p) => p[3]),
    device: ["mobile", "tablet", "desktop"],
    os: ["iOS", "Android", "Windows", "macOS"],
    browser: ["Mobile Safari", "Chrome", "Samsung Internet", "Firefox"],
  };
  for (const [dimension, values] of Object.entries(dimensions)) {
    for (const [k, value] of values.entries()) {
      // Uneven shares that add up to about the hour's scans.
      const share = Math.max(
        1,
        Math.round((perHour * 2 ** (values.length - k - 1)) / (2 ** values.length - 1)),
      );
      await db
        .prepare(
          `${series} INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans)
           SELECT ?, ?, ${first} + i * ${HOUR}, ?, ${share} FROM n`,
        )
        .bind(codeId, dimension, value)
        .run();
    }
  }
  const total = await db
    .prepare(
      "SELECT sum(scans) AS n, count(*) AS rows FROM scan_rollups WHERE qr_code_id = ? AND dimension = 'total'",
    )
    .bind(codeId)
    .first();
  const rows = await db
    .prepare("SELECT count(*) AS n FROM scan_rollups WHERE qr_code_id = ?")
    .bind(codeId)
    .first();
  return { scans: total.n, rows: rows.n };
}

async function p50(count, fetchOnce) {
  const times = [];
  for (let i = 0; i < count + 3; i++) {
    const t0 = performance.now();
    await fetchOnce();
    if (i >= 3) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)] };
}

/** 100,000 scans through SCAN_QUEUE and its consumer; `consumed` collects its log lines. */
async function throughTheQueue(app, codeId, consumed) {
  const SCANS = Number(process.env.BENCH_QUEUE_SCANS ?? 100_000);
  const VISITORS = Math.round(SCANS * 0.37);
  const db = await app.mf.getD1Database("DB");
  const queue = await app.mf.getQueueProducer("SCAN_QUEUE");
  consumed.length = 0;
  const now = Date.now();
  // All within one UTC day, so the truth is the number of distinct scanners.
  const at = Math.floor(now / DAY) * DAY + 12 * HOUR;
  const seen = new Set();
  const started = performance.now();
  for (let sent = 0; sent < SCANS; sent += 100) {
    const messages = [];
    for (let i = sent; i < Math.min(sent + 100, SCANS); i++) {
      // Scanners come back unevenly: a few many times, most once or twice.
      const visitor = `v${Math.floor(VISITORS * Math.random() ** 1.6)}`;
      seen.add(visitor);
      const [country, region, city, timezone] = PLACES[i % PLACES.length];
      messages.push({
        body: {
          id: crypto.randomUUID(),
          codeId,
          visitor,
          userAgent: PHONES[i % PHONES.length],
          location: { country, region, city, timezone, device: "mobile" },
          scannedAt: at + (i % 3600) * 1000,
        },
      });
    }
    await queue.sendBatch(messages);
  }
  const counted = async () =>
    db
      .prepare(
        "SELECT coalesce(sum(scans), 0) AS scans, coalesce(sum(uniques), 0) AS uniques FROM scan_rollups WHERE qr_code_id = ? AND dimension = 'total'",
      )
      .bind(codeId)
      .first();
  let totals = await counted();
  for (let waited = 0; totals.scans < SCANS && waited < 600_000; waited += 500) {
    await new Promise((done) => setTimeout(done, 500));
    totals = await counted();
  }
  const seconds = (performance.now() - started) / 1000;
  const statements = consumed.reduce((sum, line) => sum + line.statements, 0);
  const batches = consumed.reduce((sum, line) => sum + line.batches, 0);
  return { SCANS, totals, truth: seen.size, statements, batches, seconds };
}

export async function analyticsBench(app, consumed) {
  const origin = app.url.origin;
  const db = await app.mf.getD1Database("DB");
  const now = Date.now();

  const big = await workspaceWithKey(origin, "analytics-bench@example.com");
  const seeded = await seedTenMillion(db, big.codeId, now);
  const today = new Date(now).toISOString().slice(0, 10);
  const yearAgo = new Date(now - 364 * DAY).toISOString().slice(0, 10);
  const seriesUrl = new URL(
    `/api/v1/qr-codes/${big.codeId}/scans?from=${yearAgo}&to=${today}&interval=day&timezone=Europe/Berlin&groupBy=country`,
    origin,
  );
  const check = await fetch(seriesUrl, { headers: { Authorization: `Bearer ${big.key}` } });
  const answer = await check.json();
  if (check.status !== 200)
    throw new Error(`Series failed: ${check.status} ${JSON.stringify(answer)}`);
  const api = await p50(40, async () => {
    const response = await fetch(seriesUrl, { headers: { Authorization: `Bearer ${big.key}` } });
    await response.arrayBuffer();
  });
  const view = await p50(40, async () => {
    const response = await fetch(new URL("/dashboard?tab=analytics", origin), {
      headers: { Cookie: big.cookie },
    });
    const html = await response.text();
    if (!response.ok || !html.includes("Ad"))
      throw new Error(`Analytics tab failed: ${response.status}`);
  });
  const fullView = await p50(40, async () => {
    const response = await fetch(
      new URL(`/dashboard/analytics?range=12m&code=${big.codeId}&tz=Europe/Berlin`, origin),
      { headers: { Cookie: big.cookie } },
    );
    const html = await response.text();
    if (!response.ok || !html.includes("Analytics: Ad"))
      throw new Error(`Analytics view failed: ${response.status}`);
  });
  const trivial = await p50(40, async () => {
    const response = await fetch(new URL("/api/auth/user", origin), {
      headers: { Cookie: big.cookie },
    });
    await response.arrayBuffer();
  });

  const hot = await workspaceWithKey(origin, "analytics-queue-bench@example.com");
  const queued = await throughTheQueue(app, hot.codeId, consumed);

  const f = (n) => n.toFixed(1);
  console.log(`\nAnalytics (issue #30)\n`);
  console.log(
    `  A code with ${seeded.scans.toLocaleString("en")} scans over 365 days in ${seeded.rows.toLocaleString("en")} rollup rows (API total: ${answer.totals.scans.toLocaleString("en")}):`,
  );
  console.log(
    `    GET /api/v1/qr-codes/{id}/scans, a year by day in Europe/Berlin + countries  p50 ${f(api.p50)} ms  p90 ${f(api.p90)} ms  (target p50 < 50 ms: ${api.p50 < 50 ? "met" : "missed"})`,
  );
  console.log(
    `    GET /dashboard?tab=analytics (the workspace's view)                          p50 ${f(view.p50)} ms  p90 ${f(view.p90)} ms  (target p50 < 50 ms: ${view.p50 < 50 ? "met" : "missed"})`,
  );
  console.log(
    `    GET /dashboard/analytics?range=12m&code={id} (12 months in Europe/Berlin)       p50 ${f(fullView.p50)} ms  p90 ${f(fullView.p90)} ms  (target p50 < 50 ms: ${fullView.p50 < 50 ? "met" : "missed"})`,
  );
  console.log(
    `    GET /api/auth/user signed in (a trivial route, for the machine's speed)        p50 ${f(trivial.p50)} ms  p90 ${f(trivial.p90)} ms`,
  );
  const perThousand = (n) => ((1000 * n) / queued.SCANS).toFixed(1);
  const error = (100 * Math.abs(queued.totals.uniques - queued.truth)) / queued.truth;
  console.log(
    `  ${queued.SCANS.toLocaleString("en")} scans of one code through SCAN_QUEUE and its consumer in ${f(queued.seconds)} s:`,
  );
  console.log(
    `    counted ${queued.totals.scans.toLocaleString("en")} (${queued.totals.scans === queued.SCANS ? "every scan once" : "NOT every scan once"}); ${perThousand(queued.statements)} D1 statements and ${perThousand(queued.batches)} batch calls per 1,000 scans (target <= 20: ${Number(perThousand(queued.statements)) <= 20 ? "met" : "missed"})`,
  );
  console.log(
    `    unique scanners ${queued.totals.uniques.toLocaleString("en")} against ${queued.truth.toLocaleString("en")} true: error ${error.toFixed(2)}% (target within 1%: ${error <= 1 ? "met" : "missed"})\n`,
  );
}
