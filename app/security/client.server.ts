import { env } from "cloudflare:workers";
import { getSecret } from "../env.server";

/** The caller's address as Cloudflare saw it. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

// The HMAC key, imported once per isolate and secret (a scan would otherwise import it again).
let addressKey: { secret: string; key: Promise<CryptoKey> } | undefined;

function addressHashKey(): Promise<CryptoKey> {
  const secret = getSecret();
  if (addressKey?.secret !== secret) {
    addressKey = {
      secret,
      key: crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(`address:${secret}`),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      ),
    };
  }
  return addressKey.key;
}

/** A keyed hash of the caller's address: enough to count per network, useless to identify. */
export async function hashedClientAddress(request: Request): Promise<string> {
  const key = await addressHashKey();
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    new TextEncoder().encode(clientAddress(request)),
  );
  return [...new Uint8Array(mac).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** True when this caller has used up the named budget of the RATE_LIMITER binding. */
export async function isRateLimited(request: Request, budget: string): Promise<boolean> {
  const { success } = await env.RATE_LIMITER.limit({ key: `${budget}:${clientAddress(request)}` });
  return !success;
}
