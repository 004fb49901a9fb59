// The public API in `npm run bench` (issue #16): POST /api/v1/images at 512 px with a Bearer key,
// beside the anonymous POST /api/qr-codes/generate at 512 px in the same run, and what key
// authentication costs on its own: the same cheap call with a key (checked, then refused for its
// bad id) and without one (refused before any lookup).

import { isolateBusyMs } from "./cpu-profile.mjs";
import { benchAccount } from "./accounts.mjs";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);

/**
 * An Ultimate account (its trial) and `count` keys made on its API tab, as a customer would. The
 * run uses them in turn, each staying under its 300 requests a minute.
 */
export async function makeKeys(origin, count, email = "api-bench@example.com") {
  const { id, cookie } = await benchAccount(origin, {
    email,
    firstName: "Api",
    lastName: "Bench",
    plan: "ultimate",
    ip: "192.0.2.250",
  });
  const form = new URLSearchParams({
    intent: "create-key",
    workspace: `ws_${id}`,
    name: "Bench",
  });
  form.append("scopes", "codes:read");
  form.append("scopes", "codes:write");
  const keys = [];
  for (let i = 0; i < count; i++) {
    const created = await fetch(new URL("/dashboard?tab=api", origin), {
      method: "POST",
      headers: { Origin: origin, Cookie: cookie },
      body: form,
    });
    const key = /qrc_[0-9A-Za-z]{40}/.exec(await created.text())?.[0];
    if (!key) throw new Error(`Key creation failed: ${created.status}`);
    keys.push(key);
  }
  return keys;
}

let sequence = 0;
const url = () => `https://example.com/api-bench/${(sequence += 1)}-${Math.random()}`;

/** Calls `send` `count` times over CONCURRENCY connections; `send` answers whether it went well. */
export async function saturate(count, send) {
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
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rps: count / seconds, msPerRequest: (seconds * 1000) / count, errors };
}

export async function apiBench(origin, nextAddress, inspectorPort) {
  const keys = await makeKeys(origin, 10);
  let turn = 0;
  const key = () => keys[(turn += 1) % keys.length];
  const images = () =>
    fetch(new URL("/api/v1/images", origin), {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key()}`,
        "Content-Type": "application/json",
        "CF-Connecting-IP": nextAddress(),
      },
      body: JSON.stringify({ type: "url", data: { url: url() }, customization: { size: 512 } }),
    }).then(async (response) => {
      const bytes = new Uint8Array(await response.arrayBuffer());
      return response.status === 200 && bytes[1] === 0x50; // "PNG"
    });
  const generate = () => {
    const form = new FormData();
    form.set("type", "url");
    form.set("data", JSON.stringify({ url: url() }));
    form.set("customization", JSON.stringify({ size: 512 }));
    form.set("preview", "true");
    return fetch(new URL("/api/qr-codes/generate", origin), {
      method: "POST",
      body: form,
      headers: { "CF-Connecting-IP": nextAddress(), Origin: origin },
    }).then(async (response) => response.ok && (await response.json()).dataURL !== undefined);
  };
  const badId = (withKey) => () =>
    fetch(new URL("/api/v1/qr-codes/0", origin), {
      headers: withKey ? { Authorization: `Bearer ${key()}` } : {},
    }).then(async (response) => {
      await response.arrayBuffer();
      return response.status === (withKey ? 400 : 401);
    });

  await saturate(100, images);
  await saturate(100, generate);
  const api = await saturate(REQUESTS, images);
  const anonymous = await saturate(REQUESTS, generate);
  await saturate(100, badId(true));
  const checked = await saturate(REQUESTS, badId(true));
  const unchecked = await saturate(REQUESTS, badId(false));
  // The isolate's own CPU for the same two calls, from a CPU profile.
  const keyedBusy = await isolateBusyMs(inspectorPort, () => saturate(REQUESTS, badId(true)));
  const plainBusy = await isolateBusyMs(inspectorPort, () => saturate(REQUESTS, badId(false)));

  const f = (n, digits = 1) => n.toFixed(digits).padStart(8);
  console.log(
    `\nThe public API beside the anonymous generator, 512 px PNG, ${REQUESTS} requests each, ${CONCURRENCY} connections\n`,
  );
  console.log("                                          req/s   ms/request  errors");
  console.log(
    `  POST /api/v1/images (Bearer key)     ${f(api.rps)}  ${f(api.msPerRequest, 2)}  ${api.errors}`,
  );
  console.log(
    `  POST /api/qr-codes/generate          ${f(anonymous.rps)}  ${f(anonymous.msPerRequest, 2)}  ${anonymous.errors}`,
  );
  console.log(
    `  key authentication alone: ${(checked.msPerRequest - unchecked.msPerRequest).toFixed(2)} ms per request (GET /api/v1/qr-codes/0 with a key ${checked.msPerRequest.toFixed(2)} ms, without ${unchecked.msPerRequest.toFixed(2)} ms, ${checked.errors + unchecked.errors} errors)`,
  );
  console.log(
    `  key authentication, the Worker's own CPU: ${((keyedBusy - plainBusy) / REQUESTS).toFixed(2)} ms per request (isolate busy ${(keyedBusy / REQUESTS).toFixed(2)} ms with a key, ${(plainBusy / REQUESTS).toFixed(2)} ms without; CPU profile, local D1 and rate limiter outside it)`,
  );
  console.log(
    "  (ms/request at saturation: workerd runs the isolate, local D1 and the rate limiter on one machine, so it bounds what a request costs.)\n",
  );
}
