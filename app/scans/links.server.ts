import { env } from "cloudflare:workers";
import { createDatabase } from "../db/client.server";
import { leadsTo, type ScheduledChange } from "../destinations/destination";
import { loopGuard } from "../destinations/loop-guard.server";
import { findTrackedLink, type TrackedTarget } from "../models/qr-codes.server";
import { effectivePlan } from "../plans/effective";
import { canEditDestination, countsScans } from "../plans/rules";

// Where a tracked code leads, kept in the data centre's cache (the Cache API) so that a busy
// poster's scans are answered without waiting on D1, which stays the source of truth. A copy
// lives LINK_CACHE_SECONDS, and each isolate keeps what it read LINK_MEMORY_SECONDS more.
// Changing a code's destination or deleting the code (or the account or workspace holding it)
// removes the copies in the data centre that served the change at once; elsewhere they expire,
// so a change reaches every scan within 10 seconds (issue #21: "within seconds"). A scheduled
// change travels inside the copy, so the redirect switches exactly on time even from a copy made
// before. Only live links are kept: a deleted or unknown one is answered from D1 with its page,
// and so is one staff stopped (issue #31).
// The Cache API costs nothing per read, where KV would cost about $430 a day at 10,000 scans a
// second (README, "Scale"); a copy this short costs one D1 read per link per data centre every
// 8 seconds at most.

export const LINK_CACHE_SECONDS = 8;
/** Each isolate also keeps what it read for this long, before asking the cache again. */
export const LINK_MEMORY_SECONDS = 2;
const MAX_REMEMBERED = 5000;

const remembered = new Map<string, { link: LiveLink; until: number }>();

function remember(key: string, link: LiveLink, now: number) {
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, { link, until: now + LINK_MEMORY_SECONDS * 1000 });
}

export interface LiveLink {
  targetUrl: string;
  codeId: number;
  /** Whether the workspace's plan counts scans (read with the link, so as fresh as it). */
  counted: boolean;
  /** The pending scheduled change, while the workspace's plan allows it (issue #21). */
  next: ScheduledChange | null;
  /** Which of the two addresses lead back into this service: never redirected to (issue #27). */
  loops?: string[];
  /** Staff stopped the link for now (issue #31): scanners get the "unavailable" page. */
  unavailable?: boolean;
}

/**
 * Whether staff stopped a link for now: its workspace is suspended (issue #31). The one check
 * every path that redirects makes (this edge copy, the /s/ route, customer hostnames); nothing
 * redirects, and no scan is counted, while it holds. Such a link is never kept, and suspending
 * drops the copies of the workspace's links, so it stops at once here and within seconds elsewhere.
 */
export function linkUnavailable(link: TrackedTarget): boolean {
  return link.workspaceSuspendedAt !== null;
}

/** A link's pending scheduled change, if its workspace's plan still allows changing it. */
export function pendingChange(link: TrackedTarget, now: Date): ScheduledChange | null {
  if (!link.scheduledUrl || !link.scheduledAt || !link.owner) return null;
  if (!canEditDestination(effectivePlan(link.owner, now)).ok) return null;
  return { url: link.scheduledUrl, at: link.scheduledAt.getTime() };
}

/** Where a link read from D1 leads at `now`: a due scheduled change wins before the cron runs. */
export function destinationNow(link: TrackedTarget, now = new Date()): string {
  return leadsTo(link.targetUrl, pendingChange(link, now), now.getTime());
}

function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** The cache key of a slug: a URL of this site that no request can ask for. */
function keyOf(origin: string, slug: string): string {
  return `${origin}/__edge/scan-links/${slug}`;
}

/** The live link of `slug`, from the edge copy or from D1 (then kept); null when not live. */
export async function liveLink(
  origin: string,
  slug: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<LiveLink | null> {
  const key = keyOf(origin, slug);
  const now = Date.now();
  const memory = remembered.get(key);
  if (memory && memory.until > now) return memory.link;
  const hit = await edgeCache().match(key);
  if (hit) {
    const link = await hit.json<LiveLink>();
    remember(key, link, now);
    return link;
  }
  const db = createDatabase(env.DB);
  const link = await findTrackedLink(db, slug);
  if (!link || link.codeId === null || link.ownerId === null) return null;
  if (linkUnavailable(link)) {
    return { targetUrl: "", codeId: link.codeId, counted: false, next: null, unavailable: true };
  }
  const readAt = new Date(now);
  const next = pendingChange(link, readAt);
  const addresses = next ? [link.targetUrl, next.url] : [link.targetUrl];
  const loops = await loopGuard(db, addresses);
  const live: LiveLink = {
    targetUrl: link.targetUrl,
    codeId: link.codeId,
    counted: link.owner !== null && countsScans(effectivePlan(link.owner, readAt)),
    next,
    loops: addresses.filter(loops),
  };
  remember(key, live, now);
  waitUntil(
    edgeCache().put(
      key,
      Response.json(live, { headers: { "Cache-Control": `max-age=${LINK_CACHE_SECONDS}` } }),
    ),
  );
  return live;
}

/**
 * Removes the copies of these slugs in this isolate and data centre (their codes were deleted,
 * or where they lead changed).
 */
export async function forgetLinks(origin: string, slugs: Iterable<string>): Promise<void> {
  const keys = [...slugs].map((slug) => keyOf(origin, slug));
  for (const key of keys) remembered.delete(key);
  await Promise.all(keys.map((key) => edgeCache().delete(key)));
}
