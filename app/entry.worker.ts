import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import { loadUser } from "./auth/user.server";
import { loadWorkspaceAccess, type WorkspaceAccess } from "./workspaces/current.server";
import { fromEdgeCache, keepAtEdge } from "./caching/edge.server";
import { configurationFailure } from "./config/guard.server";
import { log } from "./observability/log.server";
import { routeName } from "./observability/route-name";
import { brandedScanMiss } from "./brand/pages.server";
import { customHostAnswer } from "./domains/hosts.server";
import {
  DESTINATION_CRON,
  DOMAIN_CHECK_CRON,
  runDestinationJob,
  runDomainCheckJob,
  runScheduledJobs,
} from "./jobs/run.server";
import { type RequestInfo, requestInfoContext } from "./request-context";
import type { Locale } from "./i18n/locales";
import { resolveLocale } from "./i18n/locale.server";
import { scanRedirect } from "./scans/redirect.server";
import { withinBodyLimit } from "./security/body-limit.server";
import { createDatabase } from "./db/client.server";
import { recordCronRun } from "./operations/bookkeeping.server";
import { consumeQueue } from "./operations/consume-queue.server";
import { countRequest } from "./operations/request-tally.server";
import { crossSiteRefusal, isCrossSiteMutation } from "./security/csrf.server";
import { createNonce, withSecurityHeaders } from "./security/headers.server";

// Given a function, React Router imports the build and derives its route tree and static handler
// again on every request, so that development picks up each edit. In a built Worker the build
// never changes: deriving once per isolate saves that work (about 1 ms) on every request.
const loadBuild = () => import("virtual:react-router/server-build");

interface App {
  handle: RequestHandler;
  /** The build's fingerprint: pages kept at the edge belong to it (caching/edge.server.ts). */
  version: string;
}
let builtApp: Promise<App> | undefined;
const reloadingHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : undefined;

function currentApp(): Promise<App> {
  if (reloadingHandler) {
    return loadBuild().then((build) => ({
      handle: reloadingHandler,
      version: build.assets.version,
    }));
  }
  return (builtApp ??= loadBuild().then((build) => ({
    handle: createRequestHandler(build, import.meta.env.MODE),
    version: build.assets.version,
  })));
}

export default {
  async fetch(request, _env, ctx) {
    const started = Date.now();
    let user: ReturnType<typeof loadUser> | undefined;
    let workspaces: Promise<WorkspaceAccess | null> | undefined;
    let locale: Promise<Locale> | undefined;
    const info: RequestInfo = {
      requestId: crypto.randomUUID(),
      nonce: createNonce(),
      waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
      storageOutage: false,
      currentUser: () => (user ??= loadUser(request, info.waitUntil)),
      currentWorkspaces: () =>
        (workspaces ??= info
          .currentUser()
          .then((found) => (found ? loadWorkspaceAccess(request, found) : null))),
      locale: () => (locale ??= resolveLocale(request, info.currentUser)),
    };
    // One body limit per route family, before routing (issue #27): over it, a 413 with a message.
    const response = await withinBodyLimit(request, info, (bounded) => respond(bounded, info));
    // One line per request: who (an id, if signed in), what, how it went, how long it took.
    const userId = (await user?.catch(() => null))?.id;
    // The 5xx rate of /staff/health: counted here, written at most once a minute per isolate.
    countRequest(response.status, info.waitUntil);
    log("info", "request", {
      requestId: info.requestId,
      method: request.method,
      route: routeName(new URL(request.url).pathname),
      status: response.status,
      durationMs: Date.now() - started,
      ...(userId ? { userId } : {}),
    });
    return response;
  },

  // The nightly cron of wrangler.toml. Ages are measured from the trigger's scheduled time, not
  // the clock, so a run that starts late decides as if it had started on time.
  // The cron every 10 minutes checks pending custom domains (issue #18) and records support
  // tickets past their promised time (issue #19); the one every minute settles scheduled
  // destination changes (issue #21); the nightly one cleans up. Each run is recorded for
  // /staff/health (issue #31).
  async scheduled(controller, env) {
    await recordCronRun(createDatabase(env.DB), controller.cron, async () => {
      if (controller.cron === DESTINATION_CRON) {
        await runDestinationJob(env, new Date(controller.scheduledTime));
        return;
      }
      if (controller.cron === DOMAIN_CHECK_CRON) {
        await runDomainCheckJob(env, new Date(controller.scheduledTime));
        return;
      }
      await runScheduledJobs(env, new Date(controller.scheduledTime));
    });
  },

  // Every queue and dead-letter queue of wrangler.toml, told apart by name, with its failures
  // recorded for /staff/health (operations/consume-queue.server.ts).
  async queue(batch, env) {
    await consumeQueue(batch, env);
  },
} satisfies ExportedHandler<Env>;

async function respond(request: Request, info: RequestInfo): Promise<Response> {
  const misconfigured = configurationFailure(info.requestId);
  if (misconfigured) return withSecurityHeaders(request, misconfigured, info);
  // A customer's hostname serves its tracked links and nothing of the app (issue #18).
  const customHost = await customHostAnswer(request, info.waitUntil);
  if (customHost) return customHost;
  if (isCrossSiteMutation(request)) {
    return withSecurityHeaders(request, crossSiteRefusal(request), info);
  }
  const scan = await scanRedirect(request, info.waitUntil);
  if (scan) return withSecurityHeaders(request, scan, info);
  // A deleted code of a branded workspace: the brand's own 410 page, with its own strict headers.
  const branded = await brandedScanMiss(request, info.locale);
  if (branded) return branded;
  const app = await currentApp();
  const cached = await fromEdgeCache(request, info.requestId, app.version);
  if (cached) return cached;
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  const response = await app.handle(request, context);
  const secured = withSecurityHeaders(request, outageAnswer(response, info) ?? response, info);
  return keepAtEdge(request, secured, app.version, info.waitUntil);
}

/**
 * A storage outage behind a script's call becomes the spec's "Server temporarily unavailable"
 * with a 503 (pages say the same through their error boundary, see entry.server.tsx).
 */
function outageAnswer(response: Response, info: RequestInfo): Response | null {
  if (!info.storageOutage || response.status < 500) return null;
  if (response.headers.get("Content-Type")?.startsWith("text/html")) return null;
  return Response.json(
    {
      message: "Server temporarily unavailable. Please try again in a minute.",
      code: "SERVER_ERROR",
    },
    { status: 503, headers: { "Retry-After": "30", "Cache-Control": "no-store" } },
  );
}
