// The deploy check of `npm test`: builds each deployed environment of wrangler.toml exactly as
// `npm run deploy` would, runs `wrangler deploy --dry-run` on it, checks what production must be
// (demo mode off, cron set, the right name) and reports the upload size against Workers' limits.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const ENVIRONMENTS = ["staging", "production"];
// Workers' compressed size limits: 3 MiB on the Free plan, 10 MiB on the Paid plan.
const FREE_LIMIT_KIB = 3 * 1024;
const PAID_LIMIT_KIB = 10 * 1024;
const REDIRECT = ".wrangler/deploy/config.json";

const run = (command, args, env = {}) =>
  execFileSync(command, args, {
    encoding: "utf8",
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });

// The local build's redirect (used by `npm start` and the worker tests) is put back afterwards.
const redirect = existsSync(REDIRECT) ? readFileSync(REDIRECT, "utf8") : null;
const failures = [];
try {
  for (const environment of ENVIRONMENTS) {
    const buildDir = `.wrangler/deploy-check/${environment}`;
    rmSync(buildDir, { recursive: true, force: true });
    run("npx", ["react-router", "build"], { CLOUDFLARE_ENV: environment, BUILD_DIR: buildDir });
    const config = JSON.parse(readFileSync(`${buildDir}/server/wrangler.json`, "utf8"));
    const expect = (ok, message) => ok || failures.push(`${environment}: ${message}`);
    expect(config.vars?.ENVIRONMENT === environment, `ENVIRONMENT is ${config.vars?.ENVIRONMENT}`);
    expect(config.vars?.DEMO_MODE !== "true", "demo sign-in is switched on");
    expect(/^https:\/\/[^/]+$/.test(config.vars?.APP_URL ?? ""), "APP_URL is no https origin");
    expect(Boolean(config.vars?.APP_HOSTNAME), "APP_HOSTNAME is not set");
    expect(config.triggers?.crons?.length > 0, "no cron trigger for the nightly jobs");
    const output = run("npx", [
      "wrangler",
      "deploy",
      "--dry-run",
      "--config",
      `${buildDir}/server/wrangler.json`,
      "--outdir",
      `${buildDir}/dry-run`,
    ]);
    const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
    if (!size) {
      failures.push(`${environment}: wrangler printed no upload size`);
      continue;
    }
    const gzip = Number(size[2]);
    const fits =
      gzip <= FREE_LIMIT_KIB
        ? "fits the Free plan"
        : gzip <= PAID_LIMIT_KIB
          ? "needs the Paid plan"
          : "TOO LARGE";
    console.log(
      `deploy dry-run ${environment} (${config.name}): ${size[1]} KiB, gzip ${gzip} KiB of ${FREE_LIMIT_KIB} KiB Free / ${PAID_LIMIT_KIB} KiB Paid: ${fits}`,
    );
    expect(gzip <= PAID_LIMIT_KIB, `gzip size ${gzip} KiB exceeds ${PAID_LIMIT_KIB} KiB`);
  }
} finally {
  if (redirect !== null) writeFileSync(REDIRECT, redirect);
}
if (failures.length > 0) {
  console.error(`deploy check failed:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
