// `npm start` (after the build and the local migrations): the production build served by workerd
// at http://localhost:$PORT (8787), with local D1/KV/R2 under $STATE_DIR (.wrangler/state), queues
// consumed, static assets served and /cdn-cgi/local/scheduled running the crons' handler.
//
// Clients talk to workerd's own socket, where a small Worker (front.worker.mjs) checks the Host and
// hands each request to the app. `vite preview` put a Node proxy in front instead (miniflare's
// dispatchFetch), which answered its own HTML 500 ("TypeError: fetch failed") to about one request
// in four that the app had refused before reading the body (issue #27, item 12; workers-sdk
// #13013, #13065, #13189).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { appWorkerOptions, miniflare } from "./app-worker.mjs";

const { Miniflare, Log, LogLevel, convertV4MiniflareOptions } = miniflare;

const port = Number(process.env.PORT ?? 8787);
const stateDir = process.env.STATE_DIR ?? ".wrangler/state";

const app = appWorkerOptions();
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: "localhost",
    port,
    log: new Log(LogLevel.INFO),
    // The app's JSON line per request, and its warnings and errors, as `vite preview` showed them.
    handleStructuredLogs: ({ level, message }) =>
      (level === "error" || level === "warn" ? console.error : console.info)(message),
    unsafeTriggerHandlers: true,
    // The layout `wrangler d1 migrations apply --persist-to` writes (`<dir>/v3/d1`, `…/kv`, `…/r2`).
    resourcePersistencePath: path.resolve(stateDir, "v3"),
    workers: [
      // The first Worker answers every request that no route claims: the Host guard, which hands
      // the rest to the app (through a service binding, which reaches its static assets first).
      {
        name: "local-front",
        modules: true,
        scriptPath: fileURLToPath(new URL("front.worker.mjs", import.meta.url)),
        compatibilityDate: app.compatibilityDate,
        serviceBindings: { APP: app.name },
      },
      // Only Miniflare's own /cdn-cgi/local/… (scheduled, e-mail) goes to the app straight.
      { ...app, routes: ["localhost/cdn-cgi/*", "127.0.0.1/cdn-cgi/*"] },
    ],
  }),
);
await mf.ready;
console.info(`QR Code Creator on http://localhost:${port} (local state in ${stateDir})`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    mf.dispose().finally(() => process.exit(0));
  });
}
