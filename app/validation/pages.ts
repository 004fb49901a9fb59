// Page numbers from a query string (issue #27, item 19): `?page=1e308` once made the offset
// Infinity and the page a 500. A page is a whole number from 1, and a page past the end shows the
// last page that exists.

/** Far past any list's end, and small enough that its offset stays an exact integer. */
const MAX_PAGE = 1_000_000;

/** The page a query parameter asks for: anything but a number of at least 1 is page 1. */
export function requestedPage(value: string | null): number {
  const page = Number(value);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), MAX_PAGE);
}

/**
 * Loads page `requested` of a list of `size` items a page; when it lies past the end (`total`
 * reads the list's length from a loaded page), loads the last page that exists instead.
 */
export async function loadPage<T>(
  requested: number,
  size: number,
  load: (offset: number) => Promise<T>,
  total: (loaded: T) => number,
): Promise<{ loaded: T; page: number; pages: number }> {
  const first = await load((requested - 1) * size);
  const pages = Math.max(1, Math.ceil(total(first) / size));
  if (requested <= pages) return { loaded: first, page: requested, pages };
  return { loaded: await load((pages - 1) * size), page: pages, pages };
}
