import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestInfoContext } from "./request-context";
import { describeError, log } from "./observability/log.server";
import { RequestIdProvider } from "./observability/request-reference";
import { NonceProvider } from "./security/nonce";

/** Server errors go to the log with their cause and the request id the error page shows. */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  log("error", "server_error", {
    requestId: context.get(requestInfoContext).requestId,
    method: request.method,
    path: new URL(request.url).pathname,
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
  const { nonce, requestId } = loadContext.get(requestInfoContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RequestIdProvider value={requestId}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RequestIdProvider>
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready reject the render and are reported by the router.
        if (shellRendered) log("error", "render_error", describeError(error));
      },
    },
  );
  shellRendered = true;

  // Crawlers get the whole document at once rather than a stream.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
