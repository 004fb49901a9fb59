/**
 * The address of a download of the code `query` describes. With a logo the server draws the code
 * (it holds the logo), so the link carries the logo's key too.
 */
export function downloadHref(path: string, query: string, logoKey: string | null): string {
  return `${path}?${query}${logoKey ? `&logo=${encodeURIComponent(logoKey)}` : ""}`;
}
