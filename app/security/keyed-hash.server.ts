import { getSecret } from "../env.server";

// Keyed hashes (HMAC-SHA256) under a key derived from SESSION_SECRET, one key per purpose: a
// value can be recognised again, but not read back, and a copy of the database alone cannot test
// guesses. Rotating SESSION_SECRET forgets every such hash (README, Secrets).

// The keys, imported once per isolate, purpose and secret (a scan would otherwise import again).
const keys = new Map<string, { secret: string; key: Promise<CryptoKey> }>();

function keyFor(purpose: string): Promise<CryptoKey> {
  const secret = getSecret();
  let entry = keys.get(purpose);
  if (entry?.secret !== secret) {
    entry = {
      secret,
      key: crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(`${purpose}:${secret}`),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      ),
    };
    keys.set(purpose, entry);
  }
  return entry.key;
}

/** The keyed hash of `value` for `purpose`, as hex, of its first `bytes` bytes (at most 32). */
export async function keyedHash(purpose: string, value: string, bytes = 32): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await keyFor(purpose),
    new TextEncoder().encode(value),
  );
  return [...new Uint8Array(mac).slice(0, bytes)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}
