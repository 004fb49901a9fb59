// npm run load — a mixed load test against the production build in workerd, as `npm start` serves
// it (build, local migrations into an empty state directory of its own), on 127.0.0.1 only.
// It seeds accounts and codes through the app's real API, then drives LOAD_CONNECTIONS concurrent
// connections for LOAD_SECONDS with a weighted mix of what people do, and prints per route:
// requests, throughput, p50/p99/max latency and unexpected answers. It exits non-zero when any
// request failed (a network error or an answer other than the one the route should give).
//
//   LOAD_SECONDS=60 LOAD_CONNECTIONS=32 npm run load
//   LOAD_VIA=start npm run load        # through `npm start` itself (Miniflare's entry worker)
//   LOAD_PROFILE=load.cpuprofile npm run load   # also a CPU profile of the Worker
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { startProfile } from "./cpu-profile.mjs";
import { startApp } from "./workerd-app.mjs";
import { workerdCpuSeconds } from "./workerd-cpu.mjs";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 32);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 5);
const PORT = Number(process.env.LOAD_PORT ?? 8797);
const VIA = process.env.LOAD_VIA === "start" ? "start" : "workerd";
const PROFILE = process.env.LOAD_PROFILE; // a file name: write the Worker's CPU profile there
// LOAD_COSTS=5: afterwards, each route alone for 5 s on 4 connections, for its CPU per request.
const COST_SECONDS = Number(process.env.LOAD_COSTS ?? 0);
const STATE_DIR = path.resolve(".wrangler/load-state");
// Every run is bounded in time and in count, whatever the machine does.
const MAX_REQUESTS = SECONDS * 5_000;
const REQUEST_TIMEOUT_MS = 15_000;
const P99_TARGET_MS = 250;

// The mix, in percent. Visitors look at the home page and preview codes most; a download is the
// end of a visit. Printed codes get scanned. Signed-in people open their dashboard and download
// without the visitors' daily allowance; sign-ins are rarer (a session lasts 30 days).
// LOAD_ROUTES (comma-separated names, e.g. "dashboard") narrows the mix, to profile one route.
const ONLY = process.env.LOAD_ROUTES?.split(",");
const MIX = [
  { route: "home", weight: 25 },
  { route: "preview", weight: 25 },
  { route: "download (visitor)", weight: 10 },
  { route: "download (account)", weight: 5 },
  { route: "scan /s/{slug}", weight: 15 },
  { route: "dashboard", weight: 15 },
  { route: "sign-in", weight: 5 },
].filter(({ route }) => !ONLY || ONLY.some((name) => route.startsWith(name)));

// Accounts the dashboard mix uses (each with three saved codes; half of them on a Premium trial
// with a tracked code, so their dashboards show analytics) and accounts that only sign in.
const DASHBOARD_ACCOUNTS = 8;
const SIGN_IN_ACCOUNTS = Number(process.env.LOAD_SIGN_IN_ACCOUNTS ?? 150);
// The app allows 10 sign-in attempts a minute per account (and per address); staying at 9 in
// any 60 s means every sign-in measured is a real one, never a 429.
const SIGN_INS_PER_ACCOUNT_PER_MINUTE = 9;
const PASSWORD = "load test password, long enough";

// A small deterministic generator, so that two runs send the same mix.
let randomState = Number(process.env.LOAD_SEED ?? 1) >>> 0;
function random() {
  randomState = (randomState + 0x6d2b79f5) >>> 0;
  let t = randomState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (items) => items[Math.floor(random() * items.length)];
const weighted = (pairs) => {
  let r = random() * pairs.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of pairs) if ((r -= w) < 0) return value;
  return pairs.at(-1)[0];
};

let addressCounter = 0;
/** A documentation-range address per visitor (the app counts budgets per CF-Connecting-IP). */
function nextAddress() {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let counter = 0;
const WORDS = "menu table order wifi guest welcome hello event ticket room price shop garden".split(
  " ",
);
const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(" ");

/** Content of every type, different on every call: no cache can answer for the app. */
function content() {
  counter += 1;
  const n = counter;
  return weighted([
    [{ type: "url", url: `https://example.com/${pick(WORDS)}/${n}?ref=qr` }, 40],
    [{ type: "text", text: `${words(3 + (n % 40))} #${n}` }, 15],
    [{ type: "email", email: `team${n}@example.com`, subject: words(3), message: words(12) }, 8],
    [{ type: "phone", phone: `+49 151 ${String(n).padStart(8, "0")}` }, 8],
    [{ type: "sms", phone: `+1 555 ${String(n).padStart(7, "0")}`, message: words(8) }, 8],
    [{ type: "wifi", ssid: `Cafe ${n}`, password: `secret-${n}-pass`, encryption: "WPA" }, 11],
    [
      {
        type: "contact",
        firstName: "Ada",
        lastName: `Lovelace ${n}`,
        company: "Analytical Engines",
        phone: `+44 20 ${String(n).padStart(8, "0")}`,
        email: `ada${n}@example.com`,
        website: "https://example.com",
      },
      10,
    ],
  ]);
}
const size = () =>
  weighted([
    [256, 55],
    [512, 30],
    [1024, 12],
    [2048, 3],
  ]);
const color = () => pick(["#000000", "#1d4ed8", "#14532d", "#7c2d12"]);

function downloadQuery() {
  const { type, ...values } = content();
  const params = new URLSearchParams({ type, ...values });
  params.set("size", String(size()));
  params.set("fg", color().slice(1));
  params.set("bg", "ffffff");
  return params;
}

const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36",
];

// ---------------------------------------------------------------------------------------------
// The app

async function startNpmStart() {
  const child = spawn("npm", ["start"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(PORT), STATE_DIR },
  });
  const url = new URL(`http://127.0.0.1:${PORT}/`);
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error("npm start exited");
    try {
      if ((await fetch(url)).ok) return { url, stop: () => process.kill(-child.pid, "SIGTERM") };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-child.pid, "SIGTERM");
  throw new Error("npm start did not answer within 180 s");
}

async function start() {
  rmSync(STATE_DIR, { recursive: true, force: true });
  if (VIA === "start") return startNpmStart();
  const inspectorPort = PROFILE ? PORT + 2 : undefined;
  const app = await startApp({ port: PORT, stateDir: STATE_DIR, inspectorPort });
  return { url: app.url, inspectorPort, stop: () => app.mf.dispose() };
}

// ---------------------------------------------------------------------------------------------
// Seeding, through the same API a browser uses

function sessionCookie(response) {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("qr_session="))
    ?.split(";")[0];
}

async function postJson(base, pathname, body, cookie) {
  const response = await fetch(new URL(pathname, base), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: base.origin,
      "CF-Connecting-IP": nextAddress(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response;
}

async function signUp(base, email, plan = "free") {
  const response = await postJson(base, "/api/auth/signup", {
    email,
    password: PASSWORD,
    firstName: "Load",
    lastName: "Test",
    plan,
  });
  if (response.status !== 201) throw new Error(`Sign-up of ${email}: ${response.status}`);
  return sessionCookie(response);
}

async function saveCode(base, cookie, { title, url, track = false }) {
  const form = new FormData();
  form.set("type", "url");
  form.set("data", JSON.stringify({ url }));
  form.set("customization", JSON.stringify({ size: 256 }));
  form.set("title", title);
  form.set("save", "true");
  if (track) form.set("trackScans", "true");
  const response = await fetch(new URL("/api/qr-codes/generate", base), {
    method: "POST",
    headers: { Origin: base.origin, Cookie: cookie, "CF-Connecting-IP": nextAddress() },
    body: form,
  });
  const json = await response.json();
  if (response.status !== 200) throw new Error(`Saving "${title}": ${response.status}`);
  return json.id;
}

/** The tracked links on a dashboard, read as the owner sees them. */
async function trackedSlugs(base, cookie) {
  const html = await (
    await fetch(new URL("/dashboard", base), { headers: { Cookie: cookie } })
  ).text();
  return [...new Set([...html.matchAll(/\/s\/([0-9A-Za-z]{6,20})\b/g)].map((m) => m[1]))];
}

async function inBatches(count, size, task) {
  const results = [];
  for (let i = 0; i < count; i += size) {
    const batch = Array.from({ length: Math.min(size, count - i) }, (_, j) => task(i + j));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

async function seed(base) {
  const stamp = Date.now().toString(36);
  // The premium demo account, with a tracked code (spec: scan tracking is for paid plans).
  const demo = await postJson(base, "/api/auth/demo", { plan: "premium" });
  if (demo.status !== 200) throw new Error(`Demo sign-in: ${demo.status}`);
  const demoCookie = sessionCookie(demo);
  await saveCode(base, demoCookie, {
    title: "Menu (tracked)",
    url: "https://example.com/menu",
    track: true,
  });
  await saveCode(base, demoCookie, { title: "Website", url: "https://example.com/" });

  const dashboard = await inBatches(DASHBOARD_ACCOUNTS, 4, async (i) => {
    const premium = i % 2 === 1;
    const cookie = await signUp(
      base,
      `dash${i}-${stamp}@example.com`,
      premium ? "premium" : "free",
    );
    for (let c = 0; c < 3; c++) {
      await saveCode(base, cookie, {
        title: `Load code ${i}-${c}`,
        url: `https://example.com/${i}/${c}`,
        track: premium && c === 0,
      });
    }
    return { cookie, title: `Load code ${i}-0` };
  });
  dashboard.push({ cookie: demoCookie, title: "Menu (tracked)" });

  const slugs = [];
  for (const { cookie } of dashboard) slugs.push(...(await trackedSlugs(base, cookie)));
  if (slugs.length === 0) throw new Error("No tracked link was created");

  const emails = await inBatches(SIGN_IN_ACCOUNTS, 4, async (i) => {
    const email = `signin${i}-${stamp}@example.com`;
    await signUp(base, email);
    return email;
  });
  return { dashboard, slugs, signIn: emails.map((email) => ({ email, uses: [] })) };
}

// ---------------------------------------------------------------------------------------------
// The mix

function accountFor(signIn, now) {
  for (let i = 0; i < signIn.length; i++) {
    const account = signIn[(signInCursor + i) % signIn.length];
    while (account.uses.length && now - account.uses[0] > 60_000) account.uses.shift();
    if (account.uses.length < SIGN_INS_PER_ACCOUNT_PER_MINUTE) {
      signInCursor = (signInCursor + i + 1) % signIn.length;
      account.uses.push(now);
      return account;
    }
  }
  return null;
}
let signInCursor = 0;

/** One request of `route`; returns null when it answered as it should, else what went wrong. */
async function request(route, base, seeded, visitor) {
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const browser = { "User-Agent": USER_AGENTS[2], "CF-Connecting-IP": visitor.address };
  switch (route) {
    case "home": {
      const response = await fetch(new URL("/", base), { headers: browser, signal });
      const html = await response.text();
      return response.status === 200 && html.includes("</html>") ? null : response.status;
    }
    case "preview": {
      const { type, ...data } = content();
      const form = new FormData();
      form.set("type", type);
      form.set("data", JSON.stringify(data));
      form.set("customization", JSON.stringify({ size: size(), fgColor: color() }));
      form.set("preview", "true");
      const response = await fetch(new URL("/api/qr-codes/generate", base), {
        method: "POST",
        headers: { ...browser, Origin: base.origin },
        body: form,
        signal,
      });
      const json = await response.json().catch(() => ({}));
      return response.status === 200 && json.dataURL?.startsWith("data:image/png;base64,")
        ? null
        : response.status;
    }
    case "download (visitor)": {
      const response = await fetch(new URL(`/download.png?${downloadQuery()}`, base), {
        headers: { ...browser, ...(visitor.cookie ? { Cookie: visitor.cookie } : {}) },
        redirect: "manual",
        signal,
      });
      const set = response.headers.getSetCookie().find((c) => c.startsWith("qr_visitor="));
      if (set) visitor.cookie = set.split(";")[0];
      visitor.downloads += 1;
      const body = new Uint8Array(await response.arrayBuffer());
      return response.status === 200 && body[1] === 0x50 /* "P" of \x89PNG */
        ? null
        : response.status;
    }
    case "download (account)": {
      const account = pick(seeded.dashboard);
      const response = await fetch(new URL(`/download.png?${downloadQuery()}`, base), {
        headers: { ...browser, Cookie: account.cookie },
        redirect: "manual",
        signal,
      });
      const body = new Uint8Array(await response.arrayBuffer());
      return response.status === 200 && body[1] === 0x50 ? null : response.status;
    }
    case "scan /s/{slug}": {
      // A phone somewhere: its own address, no cookies.
      const response = await fetch(new URL(`/s/${pick(seeded.slugs)}`, base), {
        headers: { "User-Agent": pick(USER_AGENTS), "CF-Connecting-IP": nextAddress() },
        redirect: "manual",
        signal,
      });
      await response.arrayBuffer();
      return response.status === 302 && response.headers.get("Location")?.startsWith("https://")
        ? null
        : response.status;
    }
    case "dashboard": {
      const account = pick(seeded.dashboard);
      const response = await fetch(new URL("/dashboard", base), {
        headers: { ...browser, Cookie: account.cookie },
        redirect: "manual",
        signal,
      });
      const html = await response.text();
      return response.status === 200 && html.includes(account.title) ? null : response.status;
    }
    case "sign-in": {
      const account = accountFor(seeded.signIn, Date.now());
      if (!account) return "skipped";
      // Someone on their own device: the app also counts attempts per address (10 a minute).
      const response = await fetch(new URL("/api/auth/signin", base), {
        method: "POST",
        headers: {
          ...browser,
          "CF-Connecting-IP": nextAddress(),
          "Content-Type": "application/json",
          Origin: base.origin,
        },
        body: JSON.stringify({ email: account.email, password: PASSWORD }),
        signal,
      });
      await response.arrayBuffer();
      return response.status === 200 && sessionCookie(response) ? null : response.status;
    }
  }
  throw new Error(`Unknown route ${route}`);
}

function newVisitor() {
  return { address: nextAddress(), cookie: null, downloads: 0, requests: 0 };
}

/** Runs `mix` on `connections` connections until `seconds` have passed; returns the samples. */
async function drive(base, seeded, seconds, { mix = MIX, connections = CONNECTIONS } = {}) {
  const stats = new Map(mix.map(({ route }) => [route, { times: [], errors: [], skipped: 0 }]));
  const started = performance.now();
  const cpuBefore = workerdCpuSeconds();
  const clientBefore = process.cpuUsage();
  const deadline = started + seconds * 1000;
  let issued = 0;
  async function connection() {
    // Each connection is a stream of visitors: one address and visitor cookie for at most 20
    // requests and 3 downloads (the daily allowance), then the next visitor.
    let visitor = newVisitor();
    while (performance.now() < deadline && issued < MAX_REQUESTS) {
      issued += 1;
      if (visitor.downloads >= 3 || visitor.requests >= 20) visitor = newVisitor();
      visitor.requests += 1;
      const route = weighted(mix.map(({ route, weight }) => [route, weight]));
      const t0 = performance.now();
      let problem;
      try {
        problem = await request(route, base, seeded, visitor);
      } catch (error) {
        problem = error.cause?.code ?? error.name;
      }
      const stat = stats.get(route);
      if (problem === "skipped") {
        stat.skipped += 1;
        continue;
      }
      stat.times.push(performance.now() - t0);
      if (problem !== null) stat.errors.push(problem);
    }
  }
  await Promise.all(Array.from({ length: connections }, connection));
  return {
    stats,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: workerdCpuSeconds() - cpuBefore,
    clientCpuSeconds: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(clientBefore)),
  };
}

// ---------------------------------------------------------------------------------------------
// Report

function percentile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0;
}

function report({ stats, seconds, cpuSeconds, clientCpuSeconds }) {
  const rows = [];
  const all = [];
  for (const { route, weight } of MIX) {
    const { times, errors, skipped } = stats.get(route);
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push({ route: `${route} (${weight}%)`, times, errors, skipped });
  }
  all.sort((a, b) => a - b);
  const totalErrors = rows.flatMap((r) => r.errors);
  rows.push({ route: "total", times: all, errors: totalErrors, skipped: 0 });

  const ms = (n) => n.toFixed(1).padStart(8);
  console.log(
    `\n${CONNECTIONS} connections for ${seconds.toFixed(1)} s, ${VIA === "workerd" ? "straight to workerd" : "through npm start"} on 127.0.0.1, load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}\n`,
  );
  console.log(
    "route                       requests    req/s   p50 ms   p99 ms   max ms  errors  p99 target",
  );
  for (const { route, times, errors } of rows) {
    const p99 = percentile(times, 0.99);
    console.log(
      `${route.padEnd(26)}${String(times.length).padStart(10)}${(times.length / seconds).toFixed(1).padStart(9)}${ms(percentile(times, 0.5))}${ms(p99)}${ms(times.at(-1) ?? 0)}${String(errors.length).padStart(8)}  ${p99 < P99_TARGET_MS ? "ok" : `over ${P99_TARGET_MS} ms`}`,
    );
  }
  console.log(
    `\nworkerd used ${cpuSeconds.toFixed(1)} s of CPU (${((100 * cpuSeconds) / seconds).toFixed(0)}% of one core): ${((1000 * cpuSeconds) / all.length).toFixed(1)} ms per request.`,
  );
  console.log(
    `This load generator used ${clientCpuSeconds.toFixed(1)} s (${((100 * clientCpuSeconds) / seconds).toFixed(0)}% of one core) on the same machine.`,
  );
  const skipped = rows.reduce((sum, r) => sum + r.skipped, 0);
  if (skipped) {
    console.log(
      `\n${skipped} sign-ins were not sent: all ${SIGN_IN_ACCOUNTS} accounts had used their 9 a minute (raise LOAD_SIGN_IN_ACCOUNTS).`,
    );
  }
  if (totalErrors.length) {
    const kinds = new Map();
    for (const row of rows.slice(0, -1)) {
      for (const e of row.errors) {
        const key = `${row.route}: ${e}`;
        kinds.set(key, (kinds.get(key) ?? 0) + 1);
      }
    }
    console.log("\nUnexpected answers:");
    for (const [key, n] of kinds) console.log(`  ${n} × ${key}`);
  }
  return totalErrors.length;
}

/**
 * What each route may cost in CPU per request (workerd's, which here includes local D1, the
 * cache and the queue simulation), and why:
 * - home: a server render of the biggest page, edge-cached for visitors without cookies;
 * - preview: one QR matrix and its PNG, written straight from the module grid (resvg only draws
 *   codes with a logo), any size from 256 to 2048 px;
 * - downloads: the same at the code's size, plus the download row (and the code's lookup);
 * - scan: answered before the router from the link's cached copy, the scan queued: the hottest
 *   path must be the cheapest;
 * - dashboard: one D1 batch of nine statements and the largest render;
 * - sign-in: PBKDF2 with 100,000 iterations (Workers' maximum) is most of it, on purpose.
 */
const CPU_BUDGET_MS = {
  home: 3,
  preview: 4,
  "download (visitor)": 5,
  "download (account)": 6,
  "scan /s/{slug}": 2,
  dashboard: 10,
  "sign-in": 25,
};
/** The mix's mean CPU per request, sign-in's PBKDF2 left out (issue #20). */
const MEAN_CPU_TARGET_MS = 4;

/** Each route alone: workerd's CPU time per request, the cost that the mix adds up. */
async function costs(base, seeded) {
  console.log(`\nEach route alone, 4 connections for ${COST_SECONDS} s:`);
  console.log("route                       requests   CPU ms/request   budget   p50 ms");
  const measured = [];
  for (const entry of MIX) {
    const { stats, cpuSeconds } = await drive(base, seeded, COST_SECONDS, {
      mix: [entry],
      connections: 4,
    });
    const { times, errors } = stats.get(entry.route);
    times.sort((a, b) => a - b);
    const cpu = (1000 * cpuSeconds) / times.length;
    const budget = CPU_BUDGET_MS[entry.route];
    measured.push({ ...entry, cpu });
    console.log(
      `${entry.route.padEnd(26)}${String(times.length).padStart(10)}${cpu.toFixed(1).padStart(17)}${`${budget}${cpu > budget ? " OVER" : ""}`.padStart(9)}${percentile(times, 0.5).toFixed(1).padStart(9)}${errors.length ? `  ${errors.length} errors` : ""}`,
    );
  }
  const counted = measured.filter(({ route }) => route !== "sign-in");
  const weight = counted.reduce((sum, { weight }) => sum + weight, 0);
  const mean = counted.reduce((sum, { cpu, weight }) => sum + cpu * weight, 0) / weight;
  console.log(
    `\nMean CPU per request of the mix without sign-in: ${mean.toFixed(2)} ms (target ${MEAN_CPU_TARGET_MS} ms${mean > MEAN_CPU_TARGET_MS ? ", missed" : ", met"}).`,
  );
}

// ---------------------------------------------------------------------------------------------

const app = await start();
let failures;
try {
  const base = new URL(app.url);
  if (base.hostname !== "127.0.0.1") throw new Error(`Refusing to load ${base.hostname}`);
  console.log(`Seeding ${DASHBOARD_ACCOUNTS + SIGN_IN_ACCOUNTS} accounts through the API…`);
  const seeded = await seed(base);
  console.log(
    `Seeded: ${seeded.dashboard.length} dashboards, ${seeded.slugs.length} tracked links, ${seeded.signIn.length} sign-in accounts. Warming up ${WARMUP_SECONDS} s…`,
  );
  await drive(base, seeded, WARMUP_SECONDS);
  const stopProfile = app.inspectorPort ? await startProfile(app.inspectorPort, PROFILE) : null;
  const result = await drive(base, seeded, SECONDS);
  failures = report(result);
  await stopProfile?.();
  if (COST_SECONDS > 0) await costs(base, seeded);
} finally {
  await app.stop();
}
process.exitCode = failures ? 1 : 0;
