// What staff typed into the lookup (/staff/lookup, issue #31), read as every kind of thing it may
// name: an e-mail address (whole or its start), a custom domain, a short link's slug, a
// workspace's id, or a scanned URL (its hostname and slug). Pure; the queries are in
// lookup.server.ts.

export const LOOKUP_MAX = 200;
/** At most this many people, and this many workspaces, per lookup. */
export const LOOKUP_LIMIT = 20;
/** Fewer characters than this match too many addresses to be a lookup. */
export const EMAIL_PREFIX_MIN = 3;

export interface LookupTerms {
  /** Lower-cased: addresses that are this, or start with it. */
  emailPrefix: string | null;
  hostname: string | null;
  slug: string | null;
  workspaceId: string | null;
}

const SLUG = /^[0-9A-Za-z]{6,20}$/;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/;

export function lookupTerms(raw: string): LookupTerms | null {
  const typed = raw.trim().slice(0, LOOKUP_MAX);
  if (typed === "" || /\s/.test(typed)) return null;
  const url = asUrl(typed);
  if (url) {
    const slug = /^\/(?:s\/)?([0-9A-Za-z]{6,20})\/?$/.exec(url.pathname)?.[1] ?? null;
    return { emailPrefix: null, hostname: url.hostname, slug, workspaceId: null };
  }
  const lower = typed.toLowerCase();
  return {
    emailPrefix: lower.length >= EMAIL_PREFIX_MIN ? lower : null,
    hostname: HOSTNAME.test(lower) ? lower.replace(/\.$/, "") : null,
    slug: SLUG.test(typed) ? typed : null,
    workspaceId: typed,
  };
}

function asUrl(typed: string): URL | null {
  if (!/^https?:\/\//i.test(typed)) return null;
  try {
    return new URL(typed);
  } catch {
    return null;
  }
}

/** "a%b_c" → "a\%b\_c": the typed text taken literally in a LIKE pattern (ESCAPE '\'). */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A workspace's page in the staff console. */
export function workspacePath(id: string): string {
  return `/staff/workspaces/${encodeURIComponent(id)}`;
}
