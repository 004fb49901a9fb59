import { createRequestHandler, RouterContextProvider } from "react-router";
import { loadUser } from "./auth/user.server";
import { runScheduledJobs } from "./jobs/run.server";
import { type RequestInfo, requestInfoContext } from "./request-context";
import { crossSiteRefusal, isCrossSiteMutation } from "./security/csrf.server";
import { createNonce, withSecurityHeaders } from "./security/headers.server";

const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, _env, ctx) {
    let user: ReturnType<typeof loadUser> | undefined;
    const info: RequestInfo = {
      requestId: crypto.randomUUID(),
      nonce: createNonce(),
      waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
      currentUser: () => (user ??= loadUser(request)),
    };
    if (isCrossSiteMutation(request)) {
      return withSecurityHeaders(request, crossSiteRefusal(request), info);
    }
    const context = new RouterContextProvider();
    context.set(requestInfoContext, info);
    const response = await handleRequest(request, context);
    return withSecurityHeaders(request, response, info);
  },

  // The nightly cron of wrangler.toml. Ages are measured from the trigger's scheduled time, not
  // the clock, so a run that starts late decides as if it had started on time.
  async scheduled(controller, env) {
    await runScheduledJobs(env, new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
