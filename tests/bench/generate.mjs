// npm run bench — PNG generation through the real API of the production build in workerd against
// node-qrcode answering the same request shape on node:http. Each server runs in its own process
// and this one only sends requests. Every request carries a different payload, so no cache can
// answer it.
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { analyticsBench } from "./analytics.mjs";
import { apiBench } from "./api.mjs";
import { bulkBench } from "./bulk.mjs";
import { codeListBench } from "./code-list.mjs";
import { designBench } from "./design.mjs";
import { previewLatency } from "./preview-latency.mjs";
import { pageJavaScript } from "./page-javascript.mjs";
import { saturate, scanBench } from "./scans.mjs";
import { startApp } from "./workerd-app.mjs";
import { workerdCpuSeconds } from "./workerd-cpu.mjs";
import { benchAccount } from "./accounts.mjs";

const SIZES = [256, 1024, 2048];
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARMUP = 100;
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 8795);
const NODE_PORT = APP_PORT + 1;

let sequence = 0;
function requestBody(size) {
  sequence += 1;
  const form = new FormData();
  form.set("type", "url");
  form.set(
    "data",
    JSON.stringify({ url: `https://example.com/bench/${sequence}-${Math.random()}` }),
  );
  form.set("customization", JSON.stringify({ size, fgColor: "#1d4ed8", bgColor: "#ffffff" }));
  form.set("preview", "true");
  return form;
}

// node-qrcode in a child process of its own.
function startNodeQrcode() {
  const child = fork(fileURLToPath(new URL("./node-qrcode-server.mjs", import.meta.url)), [
    String(NODE_PORT),
  ]);
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(child));
    child.once("error", reject);
  });
}

/**
 * Seeds one account with 500 saved codes and 25,000 downloads plus 25,000 scans, then times the
 * dashboard page (loader and render) for it.
 */
async function dashboardTimes(app, count) {
  const { cookie } = await benchAccount(app.url.origin, {
    email: "busy@example.com",
    firstName: "Busy",
    lastName: "Account",
    plan: "premium",
    ip: "192.0.2.200",
  });
  const db = await app.mf.getD1Database("DB");
  const now = Date.now();
  const rows = (count, table, columns, values) =>
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
         INSERT INTO ${table} (${columns}) SELECT ${values} FROM n`,
      )
      .run();
  await rows(
    500,
    "qr_codes",
    "workspace_id, user_id, type, data, customization, title, created_at, updated_at",
    `(SELECT 'ws_' || id FROM users WHERE email = 'busy@example.com'), (SELECT id FROM users WHERE email = 'busy@example.com'), 'url',
     json_object('url', 'https://example.com/' || i), '{"size":256,"fgColor":"#000000","bgColor":"#ffffff"}',
     'Code ' || i, ${now} - i * 60000, ${now}`,
  );
  const code = `(SELECT min(id) FROM qr_codes) + (i % 500)`;
  await rows(
    25000,
    "qr_downloads",
    "qr_code_id, format, ip_address, downloaded_at",
    `${code}, 'png', 'h' || (i % 977), ${now} - i * 1000`,
  );
  // 25,000 scans as the consumer folds them (issue #30): hourly rollup rows per code.
  await db
    .prepare(
      `INSERT INTO scan_rollups (qr_code_id, dimension, hour, value, scans, uniques)
       SELECT code, dimension, hour, value, count(*), count(*) FROM (
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25000)
         SELECT ${code} AS code, d.value AS dimension, ((${now} - i * 1000) / 3600000) * 3600000 AS hour,
           CASE d.value WHEN 'total' THEN '' ELSE 'DE' END AS value
         FROM n JOIN json_each('["total","country"]') d)
       GROUP BY code, dimension, hour, value`,
    )
    .run();
  await db
    .prepare(
      "UPDATE qr_codes SET download_count = (SELECT count(*) FROM qr_downloads WHERE qr_code_id = qr_codes.id)",
    )
    .run();
  const times = [];
  for (let i = 0; i < count + 5; i++) {
    const t0 = performance.now();
    const response = await fetch(new URL("/dashboard", app.url), { headers: { Cookie: cookie } });
    const html = await response.text();
    if (!response.ok || !html.includes("Code 1<"))
      throw new Error(`Dashboard failed: ${response.status}`);
    if (i >= 5) times.push(performance.now() - t0); // the first loads warm the isolate up
  }
  return times.sort((a, b) => a - b);
}

/** Wall time of e-mail sign-ins one after another (PBKDF2 with 100,000 iterations included). */
async function signInTimes(url, count) {
  const headers = { "Content-Type": "application/json", Origin: url.origin };
  const account = { email: "bench@example.com", password: "a long enough password" };
  const created = await fetch(new URL("/api/auth/signup", url), {
    method: "POST",
    headers: { ...headers, "CF-Connecting-IP": "192.0.2.1" },
    body: JSON.stringify({ ...account, firstName: "Bench", lastName: "Mark" }),
  });
  if (created.status !== 201) throw new Error(`Sign-up failed: ${created.status}`);
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await fetch(new URL("/api/auth/signin", url), {
      method: "POST",
      // Fresh addresses and accounts' budgets are not the subject here; one account, 10 a minute.
      headers: { ...headers, "CF-Connecting-IP": `192.0.2.${2 + i}` },
      body: JSON.stringify(account),
    });
    await response.text();
    if (response.status !== 200) throw new Error(`Sign-in failed: ${response.status}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function run(url, size, count, address, concurrency = CONCURRENCY) {
  const latencies = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  async function worker() {
    while (issued < count) {
      issued += 1;
      const body = requestBody(size);
      const t0 = performance.now();
      // A distinct client address per request keeps the app's per-client rate limit out of the way.
      const response = await fetch(url, {
        method: "POST",
        body,
        headers: { "CF-Connecting-IP": address(), Origin: new URL(url).origin },
      });
      const json = await response.json();
      latencies.push(performance.now() - t0);
      if (!response.ok || !json.dataURL?.startsWith("data:image/png;base64,")) errors += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: count / seconds, p50: pick(0.5), p99: pick(0.99), errors };
}

/**
 * Issue #20's first ratio: 256 px generation against a trivial route, measured alternately
 * (three rounds each) so that both see the same machine; the totals' throughputs are compared,
 * and so is workerd's CPU time per request, which other work on a busy machine hardly changes.
 */
async function generationBesideTrivial(origin, address) {
  const generateUrl = new URL("/api/qr-codes/generate", origin).href;
  const trivialUrl = new URL("/api/auth/user", origin).href;
  const totals = {
    generation: { seconds: 0, cpu: 0, errors: 0 },
    trivial: { seconds: 0, cpu: 0, errors: 0 },
  };
  const measure = async (into, work) => {
    const cpuBefore = workerdCpuSeconds();
    const result = await work();
    into.cpu += workerdCpuSeconds() - cpuBefore;
    into.seconds += REQUESTS / result.rps;
    into.errors += result.errors;
  };
  for (let round = 0; round < 3; round++) {
    await measure(totals.trivial, () => saturate(REQUESTS, trivialUrl, 401));
    await measure(totals.generation, () => run(generateUrl, 256, REQUESTS, address));
  }
  const count = 3 * REQUESTS;
  const rps = ({ seconds }) => count / seconds;
  const cpuMs = ({ cpu }) => (1000 * cpu) / count;
  const percent = (100 * rps(totals.generation)) / rps(totals.trivial);
  console.log(
    `256 px generation beside a trivial route (GET /api/auth/user signed out), alternating, ${count} requests each:\n` +
      `  POST /api/qr-codes/generate ${rps(totals.generation).toFixed(1)} req/s, trivial ${rps(totals.trivial).toFixed(1)} req/s = ${percent.toFixed(0)}% (target at least 50%: ${percent >= 50 ? "met" : "missed"}), ${totals.generation.errors + totals.trivial.errors} errors\n` +
      `  workerd CPU per request: generation ${cpuMs(totals.generation).toFixed(2)} ms, trivial ${cpuMs(totals.trivial).toFixed(2)} ms = ${((100 * cpuMs(totals.trivial)) / cpuMs(totals.generation)).toFixed(0)}% (what the throughput ratio tends to on an idle machine)\n`,
  );
}

let ip = 0;
const nextAddress = () => `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`;

// The scan queue consumer's reports, for the scan section.
const consumed = [];
/** The home page's first-load JavaScript against its budget, in English and in Spanish (#32). */
async function homeJavaScript(app) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  for (const page of ["/", "/es/"]) {
    const html = await (await fetch(new URL(page, app.url))).text();
    const js = pageJavaScript(html, path.resolve("build/client"));
    console.log(
      `Home page ${page} JavaScript, gzip: ${kb(js.initial)} at load, then ${kb(js.lazy)} fetched when idle (the QR core and validation, for redrawing the preview).`,
    );
    const over = js.initial - js.framework;
    console.log(
      `  of which the framework floor (React, React DOM, React Router) is ${kb(js.framework)}; the app adds ${kb(over)} (budget 15 KiB: ${over <= 15 * 1024 ? "met" : "missed"}).`,
    );
  }
}

const app = await startApp({
  port: APP_PORT,
  inspectorPort: APP_PORT + 3,
  onLog: (message) => {
    if (message.includes('"scans_recorded"')) consumed.push(JSON.parse(message));
  },
});
// BENCH_ONLY=ratio measures just the generation-to-trivial ratio (about a minute).
if (process.env.BENCH_ONLY === "ratio") {
  try {
    await run(new URL("/api/qr-codes/generate", app.url).href, 256, WARMUP, nextAddress);
    await generationBesideTrivial(app.url.origin, nextAddress);
  } finally {
    await app.mf.dispose();
  }
  process.exit(0);
}
// BENCH_ONLY=js measures just the home page's JavaScript, in English and in Spanish (seconds).
if (process.env.BENCH_ONLY === "js") {
  try {
    await homeJavaScript(app);
  } finally {
    await app.mf.dispose();
  }
  process.exit(0);
}
// BENCH_ONLY=codes measures just the dashboard's code list at 10,000 codes (issue #29).
if (process.env.BENCH_ONLY === "codes") {
  try {
    await codeListBench(app);
  } finally {
    await app.mf.dispose();
  }
  process.exit(0);
}
// BENCH_ONLY=preview measures just the keystroke-to-redrawn-preview figure (issue #28, ~30 s).
if (process.env.BENCH_ONLY === "preview") {
  try {
    await previewLatency(app.url.origin);
  } finally {
    await app.mf.dispose();
  }
  process.exit(0);
}
// BENCH_ONLY=analytics measures just issue #30's rollup figures and the scan redirect;
// BENCH_ONLY=scans the scan redirect alone.
if (process.env.BENCH_ONLY === "analytics" || process.env.BENCH_ONLY === "scans") {
  try {
    if (process.env.BENCH_ONLY === "analytics") await analyticsBench(app, consumed);
    await scanBench(app, consumed);
  } finally {
    await app.mf.dispose();
  }
  process.exit(0);
}
const nodeServer = await startNodeQrcode();
const nodeQrcode = {
  nodeUrl: `http://127.0.0.1:${NODE_PORT}/`,
  nodePid: nodeServer.pid,
  inspectorPort: APP_PORT + 3,
};
// BENCH_ONLY=design measures just issue #28's designer figures (about a minute).
if (process.env.BENCH_ONLY === "design") {
  try {
    await designBench(app.url.origin, nextAddress, nodeQrcode);
  } finally {
    nodeServer.kill();
    await app.mf.dispose();
  }
  process.exit(0);
}
try {
  const rows = [];
  for (const size of SIZES) {
    const appUrl = new URL("/api/qr-codes/generate", app.url).href;
    const nodeUrl = `http://127.0.0.1:${NODE_PORT}/`;
    await run(appUrl, size, WARMUP, nextAddress);
    await run(nodeUrl, size, WARMUP, nextAddress);
    const ours = await run(appUrl, size, REQUESTS, nextAddress);
    const theirs = await run(nodeUrl, size, REQUESTS, nextAddress);
    // One request at a time: the latency a single visitor sees, and (the isolate being otherwise
    // idle) close to the time one request costs workerd.
    const alone = await run(appUrl, size, Math.ceil(REQUESTS / 4), nextAddress, 1);
    rows.push({ size, ours, theirs, alone });
  }
  const f = (n, digits = 1) => n.toFixed(digits).padStart(8);
  console.log(
    `\nPNG generation through POST /api/qr-codes/generate, ${REQUESTS} requests per row, ${CONCURRENCY} concurrent connections, unique payloads\n`,
  );
  console.log(
    "  size |  app req/s  p50 ms  p99 ms err | node-qrcode req/s  p50 ms  p99 ms err | ratio | app alone: p50 ms  ms/request at saturation",
  );
  for (const { size, ours, theirs, alone } of rows) {
    console.log(
      `${String(size).padStart(6)} |${f(ours.rps)}${f(ours.p50)}${f(ours.p99)}${String(ours.errors).padStart(4)} |${f(theirs.rps).padStart(18)}${f(theirs.p50)}${f(theirs.p99)}${String(theirs.errors).padStart(4)} | ${`${(ours.rps / theirs.rps).toFixed(1)}x`.padStart(5)} |${f(alone.p50).padStart(18)}${f(1000 / ours.rps, 2).padStart(26)}`,
    );
  }
  console.log(
    "\n'app alone' is one connection at a time. workerd runs one isolate on one thread, so at saturation\n1000 / req/s is the wall time each request holds it: an upper bound on its CPU time.\n",
  );

  await generationBesideTrivial(app.url.origin, nextAddress);
  await apiBench(app.url.origin, nextAddress, APP_PORT + 3);
  await scanBench(app, consumed);
  await analyticsBench(app, consumed);
  await bulkBench(app.url.origin, APP_PORT + 3);
  await designBench(app.url.origin, nextAddress, nodeQrcode);
  await codeListBench(app);

  const signIns = await signInTimes(app.url, 9);
  console.log(
    `E-mail sign-in, one at a time: median ${signIns[4].toFixed(1)} ms, fastest ${signIns[0].toFixed(1)} ms, slowest ${signIns[8].toFixed(1)} ms (9 sign-ins).`,
  );

  const dashboard = await dashboardTimes(app, 40);
  console.log(
    `Dashboard with 500 saved codes and 50,000 download and scan rows: p50 ${dashboard[20].toFixed(1)} ms, p90 ${dashboard[36].toFixed(1)} ms (40 loads, one at a time).`,
  );

  await homeJavaScript(app);
} finally {
  nodeServer.kill();
  await app.mf.dispose();
}
