import { bytesToBase64Url } from "../qr/base64";
import { QR_TYPES, type QrType } from "../qr/types";
import { checkTag } from "./tags";

// What the dashboard's code list asks for (issue #29): search, filters, sort and the page, all in
// the query string so that plain GET forms and links drive it without JavaScript. Pages are cut by
// a keyset cursor (the last row's sort key and id), never by OFFSET: page 400 costs what page 1
// costs, and codes saved meanwhile never shift a page.

export const LIST_SORTS = ["newest", "oldest", "scans", "name"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export type ListKind = "dynamic" | "static";

/** A position in a sort: the sort key of a row and its id. */
export interface Cursor {
  key: number | string;
  id: number;
}

export interface ListQuery {
  q: string;
  type: QrType | null;
  kind: ListKind | null;
  tag: string | null;
  creator: string | null;
  sort: ListSort;
  /** Rows after this position (the next page), or before it (the previous page). */
  after: Cursor | null;
  before: Cursor | null;
}

/** Search text longer than this is cut: no title, content or link is searched by more. */
export const MAX_SEARCH_LENGTH = 200;

/** The list's query from the page's URL; anything unknown is the default, never an error. */
export function listQuery(params: URLSearchParams): ListQuery {
  const text = (name: string) => (params.get(name) ?? "").trim();
  const type = text("type");
  const kind = text("kind");
  const sort = text("sort");
  const tag = text("tag") ? checkTag(text("tag")) : null;
  const parsedSort: ListSort = LIST_SORTS.find((s) => s === sort) ?? "newest";
  return {
    q: text("q").slice(0, MAX_SEARCH_LENGTH),
    type: QR_TYPES.find((t) => t === type) ?? null,
    kind: kind === "dynamic" || kind === "static" ? kind : null,
    tag: tag?.ok ? tag.tag : null,
    creator: text("creator").slice(0, 100) || null,
    sort: parsedSort,
    after: decodeCursor(params.get("after"), parsedSort),
    before: decodeCursor(params.get("before"), parsedSort),
  };
}

/** The query string of `query` with its page position replaced (for links and hidden fields). */
export function listSearch(query: ListQuery, position: { after?: Cursor; before?: Cursor } = {}) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.type) params.set("type", query.type);
  if (query.kind) params.set("kind", query.kind);
  if (query.tag) params.set("tag", query.tag);
  if (query.creator) params.set("creator", query.creator);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (position.after) params.set("after", encodeCursor(position.after, query.sort));
  if (position.before) params.set("before", encodeCursor(position.before, query.sort));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Whether the person narrowed the list (then an empty list is "no results", not "no codes"). */
export function isFiltered(query: ListQuery): boolean {
  return Boolean(query.q || query.type || query.kind || query.tag || query.creator);
}

export function encodeCursor(cursor: Cursor, sort: ListSort): string {
  const json = JSON.stringify([sort, cursor.key, cursor.id]);
  return bytesToBase64Url(new TextEncoder().encode(json));
}

/** A cursor made for `sort`, or null for anything else (a stale or edited link starts over). */
export function decodeCursor(value: string | null, sort: ListSort): Cursor | null {
  if (!value || value.length > 400 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const base64 = value.replaceAll("-", "+").replaceAll("_", "/");
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) return null;
    const [, key, id] = parsed as [unknown, unknown, unknown];
    if (!Number.isSafeInteger(id) || (id as number) < 1) return null;
    const textKey = sort === "name";
    if (textKey ? typeof key !== "string" : !Number.isSafeInteger(key)) return null;
    return { key: key as number | string, id: id as number };
  } catch {
    return null;
  }
}

/** A short link typed or pasted whole ("https://…/s/abc123"): its slug, to search by exactly. */
export function slugOfShortLink(q: string): string | null {
  const match = /(?:^|\/)s\/([A-Za-z0-9_-]{4,64})\/?$/.exec(q);
  return match ? match[1]! : null;
}
