// The production build (`build/server`) as Miniflare's options for the app's Worker: its modules,
// bindings, queues, crons and static assets, as wrangler reads them from the build's
// wrangler.json. `npm start` (tests/server/start.mjs) and the benchmarks
// (tests/bench/workerd-app.mjs) both serve it in workerd with these.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

/** The Miniflare that this wrangler drives, so that its options and workerd match. */
export const miniflare = createRequire(import.meta.resolve("wrangler"))("miniflare");

const BUILD_CONFIG = "build/server/wrangler.json";

export function appWorkerOptions() {
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(BUILD_CONFIG);
  const { modulesRules: _rules, rootPath, ...options } = workerOptions;
  const root = path.resolve(rootPath);
  const files = readdirSync(root, { recursive: true }).filter((f) => /\.(js|wasm)$/.test(f));
  const modules = [main, ...files.map((f) => path.join(root, f)).filter((f) => f !== main)].map(
    (file) => ({ type: file.endsWith(".wasm") ? "CompiledWasm" : "ESModule", path: file }),
  );
  const { name } = JSON.parse(readFileSync(BUILD_CONFIG, "utf8"));
  return { ...options, name, modules, modulesRoot: root };
}
