// npm run bench — PNG generation through the real API in workerd (the production build served
// by `vite preview`, as `npm start` does) against node-qrcode answering the same request shape on
// node:http. Every request carries a different payload, so no cache can answer it.
import { spawn } from "node:child_process";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import QRCode from "qrcode";

const SIZES = [256, 1024, 2048];
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARMUP = 40;
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

function startNodeQrcode() {
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const form = await new Request("http://local", {
      method: "POST",
      headers: { "content-type": req.headers["content-type"] },
      body: Buffer.concat(chunks),
    }).formData();
    const data = JSON.parse(form.get("data"));
    const custom = JSON.parse(form.get("customization"));
    const dataURL = await QRCode.toDataURL(data.url, {
      width: custom.size,
      margin: 4,
      errorCorrectionLevel: "M",
      color: { dark: custom.fgColor, light: custom.bgColor },
    });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ dataURL }));
  });
  return new Promise((resolve) => server.listen(NODE_PORT, "127.0.0.1", () => resolve(server)));
}

async function startApp() {
  const child = spawn("npm", ["start"], {
    env: { ...process.env, PORT: String(APP_PORT), STATE_DIR: ".wrangler/bench-state" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://localhost:${APP_PORT}/faq`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error("npm start did not come up");
}

async function run(url, size, count, address) {
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
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: count / seconds, p50: pick(0.5), p99: pick(0.99), errors };
}

let ip = 0;
const nextAddress = () => `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`;

const app = await startApp();
const nodeServer = await startNodeQrcode();
try {
  const rows = [];
  for (const size of SIZES) {
    const appUrl = `http://localhost:${APP_PORT}/api/qr-codes/generate`;
    const nodeUrl = `http://127.0.0.1:${NODE_PORT}/`;
    await run(appUrl, size, WARMUP, nextAddress);
    await run(nodeUrl, size, WARMUP, nextAddress);
    const ours = await run(appUrl, size, REQUESTS, nextAddress);
    const theirs = await run(nodeUrl, size, REQUESTS, nextAddress);
    rows.push({ size, ours, theirs });
  }
  const f = (n, digits = 1) => n.toFixed(digits).padStart(8);
  console.log(
    `\nPNG generation, ${REQUESTS} requests per row, ${CONCURRENCY} concurrent connections, unique payloads\n`,
  );
  console.log(
    "  size |  app req/s  p50 ms  p99 ms err | node-qrcode req/s  p50 ms  p99 ms err | throughput ratio",
  );
  for (const { size, ours, theirs } of rows) {
    console.log(
      `${String(size).padStart(6)} |${f(ours.rps)}${f(ours.p50)}${f(ours.p99)}${String(ours.errors).padStart(4)} |${f(theirs.rps, 1).padStart(18)}${f(theirs.p50)}${f(theirs.p99)}${String(theirs.errors).padStart(4)} | ${(ours.rps / theirs.rps).toFixed(1)}x`,
    );
  }
} finally {
  nodeServer.close();
  process.kill(-app.pid, "SIGTERM");
}
