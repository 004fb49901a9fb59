import { isEdgeCacheable, SHARED_STATIC } from "./policy";

// The legal and help pages from the data centre's cache for visitors without cookies: the same
// bytes for everybody (their CSP nonce included, which is safe because these pages show no
// user-supplied content), renewed at most an hour later. Each location keeps its own copy.

/** Workers' cache of this data centre (the DOM's CacheStorage type does not know it). */
function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

export async function fromEdgeCache(request: Request, requestId: string): Promise<Response | null> {
  if (!isEdgeCacheable(request)) return null;
  const hit = await edgeCache().match(request);
  if (!hit) return null;
  const response = new Response(hit.body, hit);
  response.headers.set("X-Request-Id", requestId);
  response.headers.set("X-Edge-Cache", "hit");
  return response;
}

export function keepAtEdge(
  request: Request,
  response: Response,
  waitUntil: (promise: Promise<unknown>) => void,
): Response {
  if (
    !isEdgeCacheable(request) ||
    response.status !== 200 ||
    response.headers.get("Cache-Control") !== SHARED_STATIC
  ) {
    return response;
  }
  response.headers.set("X-Edge-Cache", "miss");
  waitUntil(edgeCache().put(request, response.clone()));
  return response;
}
