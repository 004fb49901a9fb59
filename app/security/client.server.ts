import { env } from "cloudflare:workers";
import { keyedHash } from "./keyed-hash.server";

/** The caller's address as Cloudflare saw it. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** A keyed hash of the caller's address: enough to count per network, useless to identify. */
export function hashedClientAddress(request: Request): Promise<string> {
  return keyedHash("address", clientAddress(request), 16);
}

/** True when this caller has used up the named budget of the RATE_LIMITER binding. */
export async function isRateLimited(request: Request, budget: string): Promise<boolean> {
  const { success } = await env.RATE_LIMITER.limit({ key: `${budget}:${clientAddress(request)}` });
  return !success;
}
