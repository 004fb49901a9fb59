import { getSecret } from "../env.server";

// The authenticator secret at rest: AES-GCM under a key derived from SESSION_SECRET, so that a
// copy of the database alone does not give anyone the codes. Rotating SESSION_SECRET makes the
// stored secrets unreadable: those accounts sign in with a recovery code and set up again
// (README, Secrets).

const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(`two-factor-secret:${secret}`))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(secret, key);
  }
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The secret sealed for storage, bound to its account (the user id is the associated data). */
export async function sealSecret(userId: string, secret: Uint8Array<ArrayBuffer>): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(userId) },
    await keyFor(getSecret()),
    secret,
  );
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

/** The secret back, or null when it cannot be opened (another account's row, a rotated key). */
export async function openSecret(userId: string, stored: string): Promise<Uint8Array | null> {
  const [iv, sealed] = stored.split(".");
  if (!iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: new TextEncoder().encode(userId) },
      await keyFor(getSecret()),
      fromBase64(sealed),
    );
    return new Uint8Array(plain);
  } catch {
    return null;
  }
}
