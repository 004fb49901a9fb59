import { CATALOGUES_DIGEST } from "../i18n/catalog.server";
import { acceptedLocale } from "../i18n/locales";
import { isEdgeCacheable, SHARED_STATIC } from "./policy";

// The shared pages (policy.ts) from the data centre's cache for visitors without cookies: the
// same bytes for everybody (their CSP nonce included, which is safe because these pages show no
// user-supplied content), renewed at most an hour later. Each location keeps its own copy.
//
// A copy belongs to the build that rendered it: its HTML names that build's fingerprinted
// scripts and stylesheets, which a new deployment no longer serves. So the build's version is
// part of the key, and a deployment starts with an empty cache instead of an hour of pages
// without styles.

/** Workers' cache of this data centre (the DOM's CacheStorage type does not know it). */
function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

function cacheKey(request: Request, buildVersion: string): string {
  const url = new URL(request.url);
  url.searchParams.set("build", buildVersion);
  // The words are the build's too, though they never reach the browser's scripts.
  url.searchParams.set("text", CATALOGUES_DIGEST);
  // A first visit is offered the language its Accept-Language asks for (root.tsx): one copy per
  // language asked for, not per header spelling.
  url.searchParams.set(
    "accepts",
    acceptedLocale(request.headers.get("Accept-Language"))?.code ?? "",
  );
  return url.href;
}

export async function fromEdgeCache(
  request: Request,
  requestId: string,
  buildVersion: string,
): Promise<Response | null> {
  if (!isEdgeCacheable(request)) return null;
  const hit = await edgeCache().match(cacheKey(request, buildVersion));
  if (!hit) return null;
  const response = new Response(hit.body, hit);
  response.headers.set("X-Request-Id", requestId);
  response.headers.set("X-Edge-Cache", "hit");
  return response;
}

export function keepAtEdge(
  request: Request,
  response: Response,
  buildVersion: string,
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
  const copy = response.clone();
  waitUntil(edgeCache().put(cacheKey(request, buildVersion), copy));
  return response;
}
