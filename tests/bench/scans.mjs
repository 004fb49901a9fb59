// Scans in `npm run bench` (issue #20): GET /s/{slug} of a tracked code beside a trivial route
// (GET /api/auth/user signed out) in the same run, and the D1 work the scan queue's consumer
// did for them, read from its log lines.
// The scans' user agent is a phone's: the consumer counts bots apart, never as scans.
import { benchAccount } from "./accounts.mjs";

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400) * 5;

/** A Premium account's tracked code (its plan counts scans); its slug. */
async function trackedSlug(origin, db) {
  const { cookie } = await benchAccount(origin, {
    email: "scan-bench@example.com",
    firstName: "Scan",
    lastName: "Bench",
    plan: "premium",
    ip: "192.0.2.251",
  });
  const form = new FormData();
  form.set("type", "url");
  form.set("data", JSON.stringify({ url: "https://example.com/poster" }));
  form.set("title", "Poster");
  form.set("save", "true");
  form.set("trackScans", "true");
  const saved = await fetch(new URL("/api/qr-codes/generate", origin), {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: origin },
  });
  const { id } = await saved.json();
  const row = await db
    .prepare("SELECT slug FROM tracked_links WHERE qr_code_id = ?")
    .bind(id)
    .first();
  return { id, slug: row.slug };
}

/** GETs `url` `count` times over CONCURRENCY connections; throughput and unexpected answers. */
export async function saturate(count, url, expected) {
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  async function worker() {
    while (issued < count) {
      issued += 1;
      const response = await fetch(url, { redirect: "manual", headers: { "User-Agent": PHONE } });
      await response.arrayBuffer();
      if (response.status !== expected) errors += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { rps: count / ((performance.now() - started) / 1000), errors };
}

/** `consumed` collects the consumer's `scans_recorded` lines (startApp's onLog). */
export async function scanBench(app, consumed) {
  const db = await app.mf.getD1Database("DB");
  const { id, slug } = await trackedSlug(app.url.origin, db);
  const scanUrl = new URL(`/s/${slug}`, app.url).href;
  const trivialUrl = new URL("/api/auth/user", app.url).href;
  await saturate(200, scanUrl, 302);
  await saturate(200, trivialUrl, 401);
  const trivial = await saturate(REQUESTS, trivialUrl, 401);
  consumed.length = 0;
  // Scans are folded into the hourly rollups (issue #30).
  const counted = async () =>
    (
      await db
        .prepare(
          "SELECT coalesce(sum(scans), 0) AS n FROM scan_rollups WHERE qr_code_id = ? AND dimension = 'total'",
        )
        .bind(id)
        .first()
    ).n;
  const before = await counted();
  const scans = await saturate(REQUESTS, scanUrl, 302);
  // The queue's consumer writes after its batch timeout: wait until every scan is in.
  let rows = 0;
  for (let waited = 0; waited < 30_000; waited += 250) {
    rows = (await counted()) - before;
    if (rows >= REQUESTS) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  const batches = consumed.reduce((sum, line) => sum + line.batches, 0);
  const statements = consumed.reduce((sum, line) => sum + line.statements, 0);
  const perThousand = (n) => ((1000 * n) / Math.max(rows, 1)).toFixed(1);
  console.log(`\nScans: ${REQUESTS} requests each, ${CONCURRENCY} connections\n`);
  console.log(
    `  GET /api/auth/user (signed out, trivial)  ${trivial.rps.toFixed(1).padStart(8)} req/s  ${trivial.errors} errors`,
  );
  console.log(
    `  GET /s/{slug} (302, scan queued)          ${scans.rps.toFixed(1).padStart(8)} req/s  ${scans.errors} errors  = ${((100 * scans.rps) / trivial.rps).toFixed(0)}% of the trivial route`,
  );
  console.log(
    `  ${rows} of ${REQUESTS} scans recorded; per 1,000 scans: ${perThousand(batches)} D1 batch calls, ${perThousand(statements)} statements\n`,
  );
}
