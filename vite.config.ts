import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { cataloguesDigestDefine } from "./scripts/catalogues-digest";

// STATE_DIR keeps a run's local D1/KV/R2 apart (the end-to-end tests start from an empty one);
// `npm run db:migrate:local` reads the same variable.
const stateDir = process.env.STATE_DIR;

// Every absolute link the app writes starts with APP_URL (issue #27). Local builds (`npm start`,
// `npm run dev`, the end-to-end tests on their own port) get http://localhost:$PORT unless APP_URL
// is given; a deployed environment's [vars] set their own, which this never replaces.
const localAppUrl = process.env.APP_URL || `http://localhost:${process.env.PORT || 8787}`;

const APP_MODULE = /[\\/]app[\\/](?!routes[\\/])[^?]*$/;
const ROOT = /[\\/]app[\\/]root\.tsx$/;
const ROUTE = /[\\/]app[\\/]routes[\\/][^/\\]+$/;
const HOME = /[\\/]app[\\/]routes[\\/]home\.tsx$/;

/**
 * The page modules (root and routes) that import `id` without an import() on the way. Chunking asks
 * for each module once per build; the answers are kept for the modules it passes through.
 */
function pagesImporting(
  id: string,
  info: (id: string) => { importers: readonly string[] } | null,
  known = new Map<string, Set<string>>(),
  visiting = new Set<string>(),
): Set<string> {
  const cached = known.get(id);
  if (cached) return cached;
  const pages = new Set<string>();
  // One page however many routes use its module: the public pages' copies under each language's
  // prefix (issue #32) are the same module asked for with a query.
  if (ROOT.test(id) || ROUTE.test(id)) pages.add(id.split("?")[0]!);
  if (visiting.has(id)) return pages;
  visiting.add(id);
  for (const importer of info(id)?.importers ?? []) {
    for (const page of pagesImporting(importer, info, known, visiting)) pages.add(page);
  }
  visiting.delete(id);
  known.set(id, pages);
  return pages;
}

export default defineConfig({
  define: cataloguesDigestDefine(import.meta.dirname),
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: stateDir ? { path: stateDir } : true,
      config: (worker) =>
        worker.vars?.APP_URL || worker.vars?.ENVIRONMENT !== "development"
          ? undefined
          : { vars: { APP_URL: localAppUrl } },
    }),
    reactRouter(),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // React, React DOM and React Router: the framework's floor, loaded by every page.
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                {
                  debugName: "shell",
                  // The app's modules that the home page loads at once and that other pages share
                  // (the root's, and the home page's shared with another page) travel as one
                  // chunk rather than a dozen small ones: each chunk is compressed on its own, and
                  // many small ones cost about 3 KB more (issue #20's JavaScript budget).
                  name: (id, ctx) => {
                    if (!APP_MODULE.test(id)) return null;
                    const pages = pagesImporting(id, (module) => ctx.getModuleInfo(module));
                    const fromRoot = [...pages].some((page) => ROOT.test(page));
                    const fromHome = [...pages].some((page) => HOME.test(page));
                    return fromRoot || (fromHome && pages.size > 1) ? "shell" : null;
                  },
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
});
