// The lockfile check of `npm test`: package-lock.json must install on every platform, because
// `npm ci` (Cloudflare's build, macOS, Windows) refuses a lockfile that lacks another platform's
// optional packages, such as the `@cloudflare/workerd-*` binaries, even where it would skip them.
//   (a) `npm ci --dry-run` accepts the lockfile;
//   (b) wherever a package lists platform packages (with `os`/`cpu`) in its optionalDependencies,
//       every one of them is in the lockfile at the version it asks for.
// `--fix` repairs the lockfile: `npm install --package-lock-only` restores every platform package
// the registry describes; the few it cannot (the registry this project installs from lacks some
// macOS and Windows builds) are written from the newest release the registry has of that package,
// without an integrity hash; `--fix` on a machine whose registry has them records them in full.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const LOCKFILE = "package-lock.json";
const FIX_COMMAND = "npm run test:lockfile -- --fix";
const NPM_QUIET = ["--ignore-scripts", "--no-audit", "--no-fund"];

// npm itself when run through `npm run`; otherwise the npm on PATH.
function npm(args) {
  const cli = process.env.npm_execpath;
  const [command, fullArgs] =
    cli && /\.[cm]?js$/.test(cli) ? [process.execPath, [cli, ...args]] : ["npm", args];
  return spawnSync(command, fullArgs, {
    encoding: "utf8",
    shell: process.platform === "win32" && command === "npm",
    maxBuffer: 64 * 1024 * 1024,
  });
}

const readLock = () => JSON.parse(readFileSync(LOCKFILE, "utf8"));
const isPlatformPackage = (entry) => Boolean(entry?.os || entry?.cpu || entry?.libc);

// Where Node (and npm) find `name` from the package at `path`: its own node_modules, then each
// enclosing one up to the root's.
function resolve(packages, path, name) {
  let base = path;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut < 0 ? "" : base.slice(0, cut);
  }
}

// The optionalDependencies the package's own package.json lists: the lockfile keeps a copy; the
// installed package.json is read too when it is the same version.
function optionalDependencies(path, entry) {
  const listed = { ...entry.optionalDependencies };
  const manifest = `${path}/package.json`;
  if (path && existsSync(manifest)) {
    const installed = JSON.parse(readFileSync(manifest, "utf8"));
    if (installed.version === entry.version) Object.assign(listed, installed.optionalDependencies);
  }
  return listed;
}

// Every platform package some package asks for that the lockfile lacks (or has at another version).
function missingPlatformPackages(lock) {
  const packages = lock.packages;
  const missing = [];
  for (const [path, entry] of Object.entries(packages)) {
    const wanted = Object.entries(optionalDependencies(path, entry)).map(([name, range]) => {
      const found = resolve(packages, path, name);
      return { name, range, found, entry: found && packages[found] };
    });
    // A parent of platform packages: at least one of its optional dependencies has os/cpu.
    // An optional dependency that is not in the lockfile at all is missing whatever its parent.
    const platformParent = wanted.some((dep) => isPlatformPackage(dep.entry));
    for (const dep of wanted) {
      // Platform packages are pinned to exact versions; other ranges are only checked for presence.
      const exact = /^\d+\.\d+\.\d+(-[\w.-]+)?$/.test(dep.range);
      const ok = dep.entry && (!platformParent || !exact || dep.entry.version === dep.range);
      if (!ok) missing.push({ parent: path, parentEntry: entry, ...dep });
    }
  }
  return missing;
}

function checkNpmCi() {
  const result = npm(["ci", "--dry-run", ...NPM_QUIET]);
  if (result.status === 0) return null;
  const lines = `${result.stdout}\n${result.stderr}`.split("\n");
  const reasons = lines.filter((line) => /Missing:|Invalid:|ERR|error code/.test(line));
  return (reasons.length ? reasons : lines.slice(-20)).join("\n");
}

const where = (path) => path.replace(/^node_modules\//, "") || "the project";
const describe = (dep) =>
  `${dep.name}@${dep.range}, an optional dependency of ${where(dep.parent)}@${dep.parentEntry.version}` +
  (dep.entry ? ` (the lockfile has ${dep.entry.version} at ${dep.found})` : "");

// npm's key order in a lockfile entry: version, resolved, integrity, then scalars and arrays
// alphabetically, then objects alphabetically.
function npmKeyOrder(entry) {
  const first = ["version", "resolved", "integrity"].filter((key) => key in entry);
  const rest = Object.keys(entry)
    .filter((key) => !first.includes(key))
    .sort();
  const isObject = (key) => entry[key] !== null && typeof entry[key] === "object";
  const keys = [
    ...first,
    ...rest.filter((key) => !isObject(key) || Array.isArray(entry[key])),
    ...rest.filter((key) => isObject(key) && !Array.isArray(entry[key])),
  ];
  return Object.fromEntries(keys.map((key) => [key, entry[key]]));
}

function view(spec) {
  const fields = ["version", "dist.integrity", "os", "cpu", "libc", "engines", "license"];
  const result = npm(["view", spec, ...fields, "--json"]);
  if (result.status !== 0 || !result.stdout.trim()) return null;
  const data = JSON.parse(result.stdout);
  return Array.isArray(data) ? data.at(-1) : data;
}

// Writes a lockfile entry for each platform package npm could not place, next to its siblings.
function writeMissing(lock, missing) {
  const unverified = [];
  for (const dep of missing) {
    const exact = view(`${dep.name}@${dep.range}`);
    const meta = exact ?? view(dep.name);
    if (!meta || !(meta.os || meta.cpu)) {
      console.error(`lockfile: the registry does not describe ${dep.name}; left out`);
      continue;
    }
    // Beside the parent's other platform packages of that version; else where npm would put it.
    const sibling = Object.keys(optionalDependencies(dep.parent, dep.parentEntry))
      .map((name) => resolve(lock.packages, dep.parent, name))
      .find((path) => path && lock.packages[path].version === dep.range);
    const dir = sibling
      ? sibling.slice(0, sibling.lastIndexOf("node_modules/") + "node_modules/".length)
      : dep.found
        ? `${dep.parent ? `${dep.parent}/` : ""}node_modules/`
        : "node_modules/";
    const entry = {
      version: dep.range,
      integrity: exact?.["dist.integrity"],
      os: meta.os,
      cpu: meta.cpu,
      libc: meta.libc,
      engines: meta.engines,
      license: meta.license,
      optional: true,
      dev: dep.parentEntry.dev || undefined,
      peer: dep.parentEntry.peer || undefined,
    };
    for (const key of Object.keys(entry)) if (entry[key] === undefined) delete entry[key];
    lock.packages[`${dir}${dep.name}`] = npmKeyOrder(entry);
    if (!exact) unverified.push(`${dep.name}@${dep.range}`);
  }
  writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`);
  return unverified;
}

function fix() {
  const install = () => {
    const result = npm(["install", "--package-lock-only", ...NPM_QUIET]);
    if (result.status !== 0) {
      console.error(result.stderr);
      process.exit(1);
    }
  };
  // Entries written earlier without a hash are dropped first, so that where the registry has those
  // packages npm records them in full.
  const lock = readLock();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path && isPlatformPackage(entry) && !entry.integrity && !entry.link)
      delete lock.packages[path];
  }
  writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`);
  install();
  const missing = missingPlatformPackages(readLock());
  if (missing.length) {
    const unverified = writeMissing(readLock(), missing);
    install(); // npm's own order and formatting, and anything the new entries unlock
    if (unverified.length) {
      console.warn(
        `lockfile: the registry here has no ${unverified.join(", ")}; written from the newest ` +
          "release it has of each, without an integrity hash (--fix where the registry has them adds it)",
      );
    }
  }
}

if (process.argv.includes("--fix")) fix();

const failures = [];
const missing = missingPlatformPackages(readLock());
if (missing.length) {
  failures.push(
    `package-lock.json lacks ${missing.length} platform package(s) that other machines install:`,
    ...missing.map((dep) => `  - ${describe(dep)}`),
  );
}
const ciError = checkNpmCi();
if (ciError) failures.push("`npm ci --dry-run` refuses package-lock.json:", ciError);

if (failures.length) {
  console.error(failures.join("\n"));
  console.error(
    "\nnpm ci (Cloudflare's build, macOS, Windows) would refuse this lockfile; it was most likely" +
      " written on one platform, which pruned the others' optional packages. Fix:" +
      `\n  ${FIX_COMMAND}\n` +
      "which runs `npm install --package-lock-only` and writes the platform packages the registry" +
      " cannot describe; then commit package-lock.json.",
  );
  process.exit(1);
}
const noIntegrity = Object.entries(readLock().packages).filter(
  ([, entry]) => isPlatformPackage(entry) && !entry.integrity,
);
console.log(
  `lockfile: npm ci accepts it and every platform's optional packages are in it` +
    (noIntegrity.length ? ` (${noIntegrity.length} without an integrity hash)` : ""),
);
