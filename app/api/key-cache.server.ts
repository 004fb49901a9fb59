import type { KeyHolder } from "../models/api-keys.server";

// Keys looked up in the last few seconds, per isolate. A busy integration calls many times a
// second; without this, each call waits on D1 (from far edge locations, its primary region) and
// spends about 1.5 ms of CPU on the binding. The price: a key revoked, or a plan changed, in
// another isolate takes effect there within KEY_CACHE_SECONDS. Revoking in this isolate takes
// effect at once.

export const KEY_CACHE_SECONDS = 5;
const MAX_ENTRIES = 1000;

const cache = new Map<string, { holder: KeyHolder; until: number }>();

export function cachedKey(tokenHash: string, now: number): KeyHolder | null {
  const hit = cache.get(tokenHash);
  if (!hit) return null;
  if (hit.until <= now) {
    cache.delete(tokenHash);
    return null;
  }
  return hit.holder;
}

export function keepKey(tokenHash: string, holder: KeyHolder, now: number): void {
  // Oldest first out: a Map iterates in insertion order.
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(tokenHash, { holder, until: now + KEY_CACHE_SECONDS * 1000 });
}

/** Forgets a key by its id (it was revoked here). */
export function forgetKey(id: string): void {
  for (const [hash, { holder }] of cache) {
    if (holder.key.id === id) cache.delete(hash);
  }
}

/** Forgets every key of a workspace (staff suspended it, or lifted its suspension, here). */
export function forgetWorkspaceKeys(workspaceId: string): void {
  for (const [hash, { holder }] of cache) {
    if (holder.workspace.id === workspaceId) cache.delete(hash);
  }
}
