// The production build served by workerd through a socket straight to the app's Worker, for
// `npm run bench` and `npm run load`: without Miniflare's entry worker in front (request lines,
// `npm start`'s host guard), which production does not have either.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { appWorkerOptions, miniflare } from "../server/app-worker.mjs";

const { Miniflare, convertV4MiniflareOptions } = miniflare;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/**
 * Builds the app and starts it on 127.0.0.1:`port`. With `stateDir`, D1/KV/R2 persist there and
 * the migrations are applied by `npm run db:migrate:local`, exactly as `npm start` does; without
 * it, storage is in memory and the migrations are applied here. With `inspectorPort`, workerd's
 * inspector listens there (for a CPU profile). `onLog` sees every log line of the app.
 */
export async function startApp({ port, stateDir, inspectorPort, onLog } = {}) {
  run("npx", ["react-router", "build"]);
  if (stateDir) {
    mkdirSync(stateDir, { recursive: true });
    run("npm", ["run", "--silent", "db:migrate:local"], { STATE_DIR: stateDir, CI: "1" });
  }
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...appWorkerOptions(),
      host: "127.0.0.1",
      logRequests: false,
      // The app's line per request would flood the terminal (production sends it to Workers
      // Logs); warnings and errors still show.
      handleStructuredLogs: ({ level, message }) => {
        onLog?.(message);
        if (level === "error" || level === "warn") console.error(message);
      },
      unsafeDirectSockets: [{ host: "127.0.0.1", port }],
      ...(inspectorPort ? { inspectorPort, inspectorHost: "127.0.0.1" } : {}),
      // The layout `wrangler … --persist-to` writes (`<dir>/v3/d1`, `…/kv`, `…/r2`).
      ...(stateDir ? { resourcePersistencePath: path.resolve(stateDir, "v3") } : {}),
    }),
  );
  await mf.ready;
  if (!stateDir) {
    // An empty in-memory database, brought to the current schema as `npm start` does.
    const db = await mf.getD1Database("DB");
    for (const file of readdirSync("migrations").sort()) {
      const sql = readFileSync(path.join("migrations", file), "utf8").replace(/--.*$/gm, "");
      const statements = [];
      let pending = "";
      for (const part of sql.split(";")) {
        pending = pending ? `${pending};${part}` : part;
        // A trigger's body holds statements of its own (migration 0021): it ends at END.
        if (/\bBEGIN\b/i.test(pending) && !/\bEND\s*$/i.test(pending.trim())) continue;
        if (pending.trim()) statements.push(pending.trim());
        pending = "";
      }
      await db.batch(statements.map((statement) => db.prepare(statement)));
    }
  }
  return { mf, url: await mf.unsafeGetDirectURL() };
}
