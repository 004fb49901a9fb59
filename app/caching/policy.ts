// How long HTML may be kept, and by whom. A page is personal as soon as the request carries a
// cookie (a session, a flash message, the visitor's download allowance) or the response sets
// one: then no cache may keep it. The landing pages and the legal and help pages, asked for
// without cookies and without a query, are the same for everybody and are kept at the edge
// (app/caching/edge.server.ts): a first visit to the home page costs no rendering.

import { splitLocalePath } from "../i18n/locales";

export const EDGE_CACHED_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/pricing",
  "/privacy",
  "/terms",
  "/help",
  "/faq",
]);

export const PERSONAL = "private, no-store";
// Browsers check again every time (max-age=0): the same address shows a signed-in header once
// the visitor has a session cookie, and a browser's copy would not know. The edge keeps it.
export const SHARED_STATIC = "public, max-age=0, s-maxage=3600";

export function isPersonal(request: Request, response?: Response): boolean {
  return request.headers.has("Cookie") || (response?.headers.has("Set-Cookie") ?? false);
}

/** The Cache-Control of an HTML document whose route did not choose one. */
export function htmlCacheControl(request: Request, response: Response): string {
  if (isPersonal(request, response)) return PERSONAL;
  if (response.status === 200 && isSharedPage(request)) return SHARED_STATIC;
  // Anonymous and generic, but not worth keeping: stored only to be checked again.
  return "no-cache";
}

/** A GET of a page that is the same for everybody, asked for as it is (no query to prefill). */
function isSharedPage(request: Request): boolean {
  const { pathname, search } = new URL(request.url);
  // The same pages under a language's prefix ("/es/pricing") are shared too (issue #32).
  return (
    request.method === "GET" &&
    search === "" &&
    EDGE_CACHED_PAGES.has(splitLocalePath(pathname).path)
  );
}

/** A request the edge may answer from its cache. */
export function isEdgeCacheable(request: Request): boolean {
  return !isPersonal(request) && isSharedPage(request);
}
