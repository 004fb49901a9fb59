// How long HTML may be kept, and by whom. A page is personal as soon as the request carries a
// cookie (a session, a flash message, the visitor's download allowance) or the response sets
// one: then no cache may keep it. The legal and help pages, asked for without cookies, are the
// same for everybody and are kept at the edge (app/caching/edge.server.ts).

export const EDGE_CACHED_PAGES: ReadonlySet<string> = new Set([
  "/privacy",
  "/terms",
  "/help",
  "/faq",
]);

export const PERSONAL = "private, no-store";
export const SHARED_STATIC = "public, max-age=300, s-maxage=3600";

export function isPersonal(request: Request, response?: Response): boolean {
  return request.headers.has("Cookie") || (response?.headers.has("Set-Cookie") ?? false);
}

/** The Cache-Control of an HTML document whose route did not choose one. */
export function htmlCacheControl(request: Request, response: Response): string {
  if (isPersonal(request, response)) return PERSONAL;
  const { pathname } = new URL(request.url);
  if (response.status === 200 && EDGE_CACHED_PAGES.has(pathname)) return SHARED_STATIC;
  // Anonymous and generic, but not worth keeping: stored only to be checked again.
  return "no-cache";
}

/** A GET for a page the edge may answer from its cache. */
export function isEdgeCacheable(request: Request): boolean {
  return (
    request.method === "GET" &&
    !isPersonal(request) &&
    EDGE_CACHED_PAGES.has(new URL(request.url).pathname)
  );
}
