// Issue #28's speed figures in `npm run bench` (`BENCH_ONLY=design npm run bench` runs them alone,
// about a minute): a styled 1024 px PNG (rounded dots, a linear gradient, a box frame with text)
// and a styled PDF through POST /api/v1/images, beside the plain 1024 px PNG of the same API and
// node-qrcode's plain 1024 px PNG, measured in alternating rounds of one run so that all four see
// the same machine. Each figure is reported as met or missed.
import { readFileSync } from "node:fs";
import { makeKeys } from "./api.mjs";
import { startProfile } from "./cpu-profile.mjs";
import { workerdCpuSeconds } from "./workerd-cpu.mjs";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.BENCH_DESIGN_REQUESTS ?? 100);
const ROUNDS = 2;

/** CPU seconds (user + system) of one process so far. */
function processCpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (+fields[11] + +fields[12]) / 100; // USER_HZ
}

const STYLED = {
  dotShape: "rounded",
  gradient: { type: "linear", from: "#1d4ed8", to: "#7c3aed", rotation: 45 },
  frame: "box",
  frameText: "Scan me",
};

let sequence = 0;
const url = () => `https://example.com/design-bench/${(sequence += 1)}-${Math.random()}`;

async function saturate(count, send) {
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  async function worker() {
    while (issued < count) {
      issued += 1;
      if (!(await send())) errors += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { seconds: (performance.now() - started) / 1000, errors };
}

/**
 * `nodeUrl` is node-qrcode's server (node-qrcode-server.mjs) and `nodePid` its process, for its
 * CPU time. With BENCH_DESIGN_PROFILE=<file>, a CPU profile of the Worker during styled PNGs is
 * written there and its top functions printed (where the time goes).
 */
export async function designBench(origin, nextAddress, { nodeUrl, nodePid, inspectorPort }) {
  const keys = await makeKeys(origin, 10, "design-bench@example.com");
  let turn = 0;
  const key = () => keys[(turn += 1) % keys.length];
  const image = (format, customization, magic) => () =>
    fetch(new URL("/api/v1/images", origin), {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key()}`,
        "Content-Type": "application/json",
        "CF-Connecting-IP": nextAddress(),
      },
      body: JSON.stringify({ type: "url", data: { url: url() }, format, customization }),
    }).then(async (response) => {
      const bytes = new Uint8Array(await response.arrayBuffer());
      const ok =
        response.status === 200 && [...magic].every((c, i) => bytes[i] === c.charCodeAt(0));
      if (!ok && response.status !== 200)
        console.error(`design bench: ${response.status} ${new TextDecoder().decode(bytes)}`);
      return ok;
    });
  const node = () => {
    const form = new FormData();
    form.set("type", "url");
    form.set("data", JSON.stringify({ url: url() }));
    form.set(
      "customization",
      JSON.stringify({ size: 1024, fgColor: "#1d4ed8", bgColor: "#ffffff" }),
    );
    return fetch(nodeUrl, { method: "POST", body: form }).then(
      async (response) => response.ok && (await response.json()).dataURL !== undefined,
    );
  };
  const kinds = {
    plain: { label: "plain 1024 px PNG", send: image("png", { size: 1024 }, "\x89PNG") },
    styled: {
      label: "styled 1024 px PNG",
      send: image("png", { size: 1024, ...STYLED }, "\x89PNG"),
    },
    pdf: { label: "styled PDF (3 in)", send: image("pdf", { ...STYLED }, "%PDF") },
    node: {
      label: "node-qrcode plain 1024 px PNG",
      send: node,
      cpuOf: () => processCpuSeconds(nodePid),
    },
  };
  for (const kind of Object.values(kinds)) {
    kind.seconds = 0;
    kind.errors = 0;
    kind.count = 0;
    await saturate(Math.ceil(REQUESTS / 4), kind.send); // warm up
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of Object.values(kinds)) {
      const cpu = kind.cpuOf ?? workerdCpuSeconds;
      const before = cpu();
      const result = await saturate(REQUESTS, kind.send);
      // The CPU a kind costs is read from its own process: workerd for the app, node for node-qrcode.
      kind.cpuUsed = (kind.cpuUsed ?? 0) + cpu() - before;
      kind.seconds += result.seconds;
      kind.errors += result.errors;
      kind.count += REQUESTS;
    }
  }
  const msWall = (k) => (1000 * k.seconds) / k.count;
  const msCpu = (k) => (1000 * k.cpuUsed) / k.count;
  const f = (n, digits = 1) => n.toFixed(digits).padStart(9);
  console.log(
    `\nCode designer (issue #28): POST /api/v1/images with a Bearer key, ${ROUNDS} alternating rounds of ${REQUESTS} requests each, ${CONCURRENCY} connections, unique payloads\n` +
      `  styled = dotShape rounded, linear gradient, frame box with "Scan me"; the PNG includes its decode check\n`,
  );
  console.log("                                    req/s  ms/request  CPU ms/request  errors");
  for (const kind of Object.values(kinds)) {
    console.log(
      `  ${kind.label.padEnd(30)}${f(kind.count / kind.seconds)}${f(msWall(kind), 2).padStart(12)}${f(msCpu(kind), 2).padStart(16)}${String(kind.errors).padStart(8)}`,
    );
  }
  const verdict = (ok) => (ok ? "met" : "missed");
  const styledOverPlain = msCpu(kinds.styled) / msCpu(kinds.plain);
  const styledOverPlainWall = msWall(kinds.styled) / msWall(kinds.plain);
  const overNode = msWall(kinds.node) / msWall(kinds.styled);
  const overNodeCpu = msCpu(kinds.node) / msCpu(kinds.styled);
  const pdfOverPlain = msCpu(kinds.pdf) / msCpu(kinds.plain);
  const pdfOverPlainWall = msWall(kinds.pdf) / msWall(kinds.plain);
  console.log(
    `\n  styled PNG / plain PNG: ${styledOverPlain.toFixed(1)}x CPU, ${styledOverPlainWall.toFixed(1)}x wall (target at most 2x: ${verdict(styledOverPlain <= 2)})\n` +
      `  styled PNG against node-qrcode's plain PNG: ${overNode.toFixed(1)}x its throughput, ${overNodeCpu.toFixed(1)}x less CPU (target at least 10x: ${verdict(overNode >= 10)})\n` +
      `  styled PDF / plain PNG: ${pdfOverPlain.toFixed(1)}x CPU, ${pdfOverPlainWall.toFixed(1)}x wall (target at most 3x: ${verdict(pdfOverPlain <= 3)})\n` +
      "  (CPU is the serving process's own user + system time per request: workerd, with local D1 and the rate limiter, or node.)\n" +
      '  The decode check alone (at most 3 ms of Worker CPU) is printed by tests/worker/design-api.test.ts, "costs a few milliseconds…".\n',
  );
  if (process.env.BENCH_DESIGN_PROFILE && inspectorPort) {
    const stop = await startProfile(inspectorPort, process.env.BENCH_DESIGN_PROFILE);
    await saturate(REQUESTS / 2, kinds.styled.send);
    await stop();
  }
}
