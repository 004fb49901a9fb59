import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import { loadUser } from "./auth/user.server";
import { loadWorkspaceAccess, type WorkspaceAccess } from "./workspaces/current.server";
import { fromEdgeCache, keepAtEdge } from "./caching/edge.server";
import { configurationFailure } from "./config/guard.server";
import { log } from "./observability/log.server";
import { routeName } from "./observability/route-name";
import { type BulkChunkMessage, recordDeadChunks, runChunkBatch } from "./bulk/jobs.server";
import { brandedScanMiss } from "./brand/pages.server";
import { customHostAnswer } from "./domains/hosts.server";
import {
  type HostnameRelease,
  recordDeadHostnames,
  releaseQueuedHostnames,
} from "./domains/release.server";
import {
  DESTINATION_CRON,
  DOMAIN_CHECK_CRON,
  runDestinationJob,
  runDomainCheckJob,
  runScheduledJobs,
} from "./jobs/run.server";
import { getMailSettings, type QueuedMail } from "./mail/mailer.server";
import { deliverMailBatch, recordDeadMail } from "./mail/queue.server";
import type { WebhookMessage } from "./webhooks/emit.server";
import { deliverWebhookBatch, recordDeadWebhooks } from "./webhooks/deliver.server";
import { type RequestInfo, requestInfoContext } from "./request-context";
import { recordDeadScans, recordScanBatch, type ScanEvent } from "./scans/events.server";
import { scanRedirect } from "./scans/redirect.server";
import { withinBodyLimit } from "./security/body-limit.server";
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
    };
    // One body limit per route family, before routing (issue #27): over it, a 413 with a message.
    const response = await withinBodyLimit(request, info, (bounded) => respond(bounded, info));
    // One line per request: who (an id, if signed in), what, how it went, how long it took.
    const userId = (await user?.catch(() => null))?.id;
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
  // destination changes (issue #21); the nightly one cleans up.
  async scheduled(controller, env) {
    if (controller.cron === DESTINATION_CRON) {
      await runDestinationJob(env, new Date(controller.scheduledTime));
      return;
    }
    if (controller.cron === DOMAIN_CHECK_CRON) {
      await runDomainCheckJob(env, new Date(controller.scheduledTime));
      return;
    }
    await runScheduledJobs(env, new Date(controller.scheduledTime));
  },

  // The mail, scan, bulk, webhook and domain queues and their dead-letter queues (wrangler.toml
  // [[queues.consumers]]), told apart by name: "qr-code-creator-scans…", "…-bulk…",
  // "…-webhooks…", "…-domains…" or "…-mail…",
  // with "-dlq" at the end of a dead-letter queue (staging adds "-staging" before it).
  async queue(batch, env) {
    const dead = batch.queue.endsWith("-dlq");
    if (batch.queue.startsWith("qr-code-creator-bulk")) {
      const chunks = batch as MessageBatch<BulkChunkMessage>;
      if (dead) await recordDeadChunks(chunks);
      else await runChunkBatch(chunks);
      return;
    }
    if (batch.queue.startsWith("qr-code-creator-scans")) {
      const scans = batch as MessageBatch<ScanEvent>;
      if (dead) recordDeadScans(scans);
      else await recordScanBatch(scans, env.DB);
      return;
    }
    if (batch.queue.startsWith("qr-code-creator-domains")) {
      const releases = batch as MessageBatch<HostnameRelease>;
      if (dead) recordDeadHostnames(releases);
      else await releaseQueuedHostnames(releases);
      return;
    }
    if (batch.queue.startsWith("qr-code-creator-webhooks")) {
      const webhooks = batch as MessageBatch<WebhookMessage>;
      if (dead) await recordDeadWebhooks(webhooks, env.DB);
      else await deliverWebhookBatch(webhooks, env.DB);
      return;
    }
    const mail = batch as MessageBatch<QueuedMail>;
    if (dead) recordDeadMail(mail);
    else await deliverMailBatch(mail, getMailSettings(), env.DB);
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
  const branded = await brandedScanMiss(request);
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
