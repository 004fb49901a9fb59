// The JavaScript a page makes the browser download, gzip-compressed as it travels: the modules
// its HTML loads and everything they import, and separately the chunks loaded later with import().
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const STATIC_IMPORT = /(?:from|import)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g;
const HTML_SCRIPT =
  /(?:href|src)="(\/assets\/[^"]+\.js)"|import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g;

function closure(roots, clientDir) {
  const seen = new Set();
  const lazy = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(clientDir, file), "utf8");
    for (const [, spec] of code.matchAll(STATIC_IMPORT)) {
      visit(path.posix.join(path.posix.dirname(file), spec));
    }
    for (const [, spec] of code.matchAll(DYNAMIC_IMPORT)) {
      lazy.add(path.posix.join(path.posix.dirname(file), spec));
    }
  };
  roots.forEach(visit);
  return { files: seen, lazy };
}

const gzipped = (files, clientDir) =>
  [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(clientDir, file))).length,
    0,
  );

/**
 * The framework's own chunks among the page's: React, React DOM and React Router (the manifest's
 * entry and the shared chunk they are bundled into), which any page of this stack loads.
 */
function isFramework(file, clientDir) {
  const code = readFileSync(path.join(clientDir, file), "utf8");
  return (
    /\/entry\.client-[\w-]+\.js$/.test(file) ||
    /\/(?:jsx-runtime|chunk|react|react-dom|index)-[\w-]+\.js$/.test(file) ||
    code.includes("__reactRouterVersion") ||
    code.includes("react.transitional.element")
  );
}

/**
 * Gzip bytes of the JavaScript `html` loads at once, of the framework's part of it, and of what it
 * may import later.
 */
export function pageJavaScript(html, clientDir) {
  const roots = [...html.matchAll(HTML_SCRIPT)].map(([, a, b]) => a ?? b);
  const initial = closure(roots, clientDir);
  const lazyRoots = [...initial.lazy].filter((file) => !initial.files.has(file));
  const later = closure(lazyRoots, clientDir);
  const lazyFiles = [...later.files].filter((file) => !initial.files.has(file));
  const framework = [...initial.files].filter((file) => isFramework(file, clientDir));
  return {
    initial: gzipped(initial.files, clientDir),
    framework: gzipped(framework, clientDir),
    lazy: gzipped(lazyFiles, clientDir),
  };
}
