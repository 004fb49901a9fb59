// A CPU profile of the Worker's isolate through workerd's inspector (Miniflare's inspector proxy),
// to see where a request's time goes: `LOAD_PROFILE=load.cpuprofile npm run load` writes it
// (open it in Chrome DevTools' Performance panel) and prints the functions that cost the most.
import { writeFileSync } from "node:fs";

function connect(url) {
  const socket = new WebSocket(url, { headers: { Origin: "http://127.0.0.1" } });
  let id = 0;
  const pending = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      id += 1;
      pending.set(id, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result),
      );
      socket.send(JSON.stringify({ id, method, params }));
    });
  return new Promise((resolve, reject) => {
    socket.addEventListener("open", () => resolve({ send, close: () => socket.close() }));
    socket.addEventListener("error", () => reject(new Error(`Cannot open ${url}`)));
  });
}

/** Starts profiling the app's Worker; the returned function stops, writes and summarises. */
export async function startProfile(inspectorPort, file, { quiet = false } = {}) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => !t.title?.startsWith("core:")) ?? targets[0];
  const inspector = await connect(target.webSocketDebuggerUrl);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 200 });
  await inspector.send("Profiler.start");
  return async function stop() {
    const { profile } = await inspector.send("Profiler.stop");
    inspector.close();
    writeFileSync(file, JSON.stringify(profile));
    if (!quiet) summarise(profile, file);
    return profile;
  };
}

function summarise(profile, file) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const intervals = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((nodeId, i) => {
    const { callFrame } = byId.get(nodeId);
    const where = callFrame.url ? callFrame.url.split("/").slice(-2).join("/") : "";
    const key = `${callFrame.functionName || "(anonymous)"} ${where}:${callFrame.lineNumber + 1}`;
    const ms = (intervals[i] ?? 0) / 1000;
    self.set(key, (self.get(key) ?? 0) + ms);
    total += ms;
  });
  const idle = [...self].filter(([key]) => key.startsWith("(idle)")).reduce((s, [, v]) => s + v, 0);
  console.log(
    `\nCPU profile of the Worker (${file}): ${total.toFixed(0)} ms sampled, ${(total - idle).toFixed(0)} ms busy. Self time, top 25:`,
  );
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(
      `${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`,
    );
  }
}

/**
 * The Worker isolate's busy time (CPU samples that are not idle) while `during` runs, in ms: the
 * JavaScript a request costs, without local D1 and the other simulated services, which run
 * outside the isolate (and in production on other machines).
 */
export async function isolateBusyMs(inspectorPort, during, { heap } = {}) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => !t.title?.startsWith("core:")) ?? targets[0];
  const inspector = await connect(target.webSocketDebuggerUrl);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
  await inspector.send("Profiler.start");
  // With `heap`, the isolate's used heap is sampled every 50 ms and its peak reported there.
  let sampling = Boolean(heap);
  const samples = (async () => {
    while (sampling) {
      const { usedSize } = await inspector.send("Runtime.getHeapUsage");
      heap.peakBytes = Math.max(heap.peakBytes ?? 0, usedSize);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    await during();
  } finally {
    sampling = false;
    await samples;
  }
  const { profile } = await inspector.send("Profiler.stop");
  inspector.close();
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((n) => n.id),
  );
  return profile.samples.reduce(
    (sum, nodeId, i) => (idle.has(nodeId) ? sum : sum + (profile.timeDeltas[i] ?? 0) / 1000),
    0,
  );
}
