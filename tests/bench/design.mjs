// Issue #28's speed figures in `npm run bench` (`BENCH_ONLY=design npm run bench` runs them alone,
// about a minute): a styled 1024 px PNG (rounded dots, a linear gradient, a box frame with text)
// and a styled PDF through POST /api/v1/images, beside the plain 1024 px PNG of the same API and
// node-qrcode's plain 1024 px PNG, measured in alternating rounds of one run so that all four see
// the same machine. Each figure is reported as met or missed.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeKeys, saturate } from "./api.mjs";
import { previewLatency } from "./preview-latency.mjs";
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

/**
 * `nodeUrl` is node-qrcode's server (node-qrcode-server.mjs) and `nodePid` its process, for its
 * CPU time; with `inspectorPort`, where a styled PNG's time goes is measured from a CPU profile.
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
  if (inspectorPort) await whereTheTimeGoes(inspectorPort, kinds.styled.send);
  await previewLatency(origin);
}

/**
 * A CPU profile of the Worker's isolate during styled PNGs, its samples split by the stack they
 * were taken in: resvg drawing (`render`), resvg's PNG encoding (`asPng`), the decode check
 * (`checkSample`, `pixelsScan` and zxing's WebAssembly module, the one module not under resvg's
 * calls) and the rest; sampled every 0.2 ms. With BENCH_DESIGN_PROFILE=<file> the profile is kept there and its top
 * functions printed.
 */
async function whereTheTimeGoes(inspectorPort, send) {
  const file =
    process.env.BENCH_DESIGN_PROFILE ?? path.join(os.tmpdir(), "design-bench.cpuprofile");
  const stop = await startProfile(inspectorPort, file, {
    quiet: !process.env.BENCH_DESIGN_PROFILE,
  });
  const count = Math.ceil(REQUESTS / 2);
  await saturate(count, send);
  const profile = await stop();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const stack = (id) => {
    const frames = [];
    for (let at = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at).callFrame);
    return frames;
  };
  // resvg's module is the one with the most samples under `render` (a stray sample of another
  // module can land there too).
  const underRender = new Map();
  profile.samples.forEach((id, i) => {
    const frames = stack(id);
    if (frames[0].url.startsWith("wasm:") && frames.some((f) => f.functionName === "render"))
      underRender.set(frames[0].url, (underRender.get(frames[0].url) ?? 0) + profile.timeDeltas[i]);
  });
  const resvgModule = [...underRender].sort((x, y) => y[1] - x[1])[0]?.[0];
  const parts = { render: 0, asPng: 0, raster: 0, encode: 0, check: 0, other: 0, idle: 0 };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frames = stack(id);
    const names = new Set(frames.map((f) => f.functionName));
    if (names.has("(idle)")) parts.idle += ms;
    else if (names.has("asPng")) parts.asPng += ms;
    else if (names.has("rasterise")) parts.raster += ms;
    else if (names.has("encodePixelsPng")) parts.encode += ms;
    else if (names.has("render")) parts.render += ms;
    else if (
      names.has("checkSample") ||
      names.has("pixelsScan") ||
      (frames[0].url.startsWith("wasm:") && frames[0].url !== resvgModule)
    )
      parts.check += ms;
    else parts.other += ms;
  });
  const per = (ms) => (ms / count).toFixed(1);
  const busy = parts.render + parts.asPng + parts.raster + parts.encode + parts.check + parts.other;
  console.log(
    `  Where a styled 1024 px PNG's time goes (CPU profile of the Worker's isolate, ${count} requests): ${per(busy)} ms busy per image:
` +
      `    our rasteriser (rasterise) ${per(parts.raster)} ms, our PNG encoder (encodePixelsPng) ${per(parts.encode)} ms, resvg drawing ${per(parts.render)} ms, resvg PNG encoding (asPng) ${per(parts.asPng)} ms, decode check ${per(parts.check)} ms (target at most 3 ms: ${parts.check / count <= 3 ? "met" : "missed"}), the rest (request, matrix, drawing, key, rate limit) ${per(parts.other)} ms
`,
  );
}
