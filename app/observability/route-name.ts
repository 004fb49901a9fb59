/**
 * A request's path with its ids and slugs replaced by placeholders: what the log groups by, and
 * nothing that identifies a code or its content (the query string is never logged). Secrets that
 * travel in the path (a shared code's share id, an invitation's token) are replaced too: whoever
 * reads the logs must not get the links they open.
 */
export function routeName(pathname: string): string {
  if (/^\/s\/[^/]+\/?$/.test(pathname)) return "/s/:slug";
  if (/^\/api\/qr-codes\/[^/]+\/download\/?$/i.test(pathname)) return "/api/qr-codes/:id/download";
  if (/^\/invite\/[^/]+/i.test(pathname)) return "/invite/:token";
  return pathname.replace(/\/\d+(?=\/|$)/g, "/:id");
}
