import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestInfoContext } from "./request-context";
import { describeError, log } from "./observability/log.server";
import { isStorageOutage } from "./observability/outage";
import { routeName } from "./observability/route-name";
import { ErrorContextProvider } from "./observability/request-reference";
import { NonceProvider } from "./security/nonce";

/** Server errors go to the log with their cause and the request id the error page shows. */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  const info = context.get(requestInfoContext);
  if (isStorageOutage(error)) info.storageOutage = true;
  log("error", info.storageOutage ? "storage_outage" : "server_error", {
    requestId: info.requestId,
    method: request.method,
    // As the request log names it: no share id or invitation token in the logs.
    path: routeName(new URL(request.url).pathname),
    ...describeError(error),
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, requestId, storageOutage } = loadContext.get(requestInfoContext);
  if (storageOutage && responseStatusCode >= 500) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "30");
  }
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ErrorContextProvider value={{ requestId, storageOutage }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ErrorContextProvider>
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      // Never move a finished part of the page (a Suspense boundary such as the generator's Design
      // section) to the end of the body to be put in place by a script: without JavaScript it
      // would stay hidden. React does that above this many bytes (12,800 by default).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready reject the render and are reported by the router.
        if (shellRendered) log("error", "render_error", describeError(error));
      },
    },
  );
  shellRendered = true;

  // The whole document in one body, for people and crawlers alike. No page defers data, so the
  // shell is complete when rendering resolves; what a stream would add is React Router's loader
  // data in many small chunks, each waiting its turn again on a busy isolate (under npm run load
  // the dashboard's p99 fell from 368 to 261 ms with one body). It also gets a Content-Length.
  const html = await new Response(body).arrayBuffer();
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
