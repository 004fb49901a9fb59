/**
 * A request's path with its ids and slugs replaced by placeholders: what the log groups by, and
 * nothing that identifies a code or its content (the query string is never logged).
 */
export function routeName(pathname: string): string {
  if (/^\/s\/[^/]+\/?$/.test(pathname)) return "/s/:slug";
  return pathname.replace(/\/\d+(?=\/|$)/g, "/:id");
}
