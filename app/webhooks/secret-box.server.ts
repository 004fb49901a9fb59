import { env } from "cloudflare:workers";
import { bytesToBase64 } from "../qr/base64";

// Webhook signing secrets at rest (issue #27, item 11d): AES-GCM (WebCrypto) under a key derived
// from WEBHOOK_ENCRYPTION_KEY, a secret the configuration guard requires in staging and
// production (local runs use a fixed development value). A stored value names its key:
// `enc:v1:{keyId}:{iv}:{ciphertext}`, the key id being the first hex digits of the key's hash.
//
// Rotation: set the new secret as WEBHOOK_ENCRYPTION_KEY and the old one as
// WEBHOOK_ENCRYPTION_KEY_PREVIOUS. Both decrypt; the nightly job seals every value again under the
// new key (and seals secrets stored in plain text before this existed); then the previous one
// can go. A value whose key is neither is unreadable, and its endpoint needs a new secret.

const PREFIX = "enc:v1:";
const DEVELOPMENT_KEY =
  "development-only webhook encryption key: never used in staging or production";

interface Key {
  id: string;
  key: CryptoKey;
}

export interface SecretKeys {
  current: Key;
  previous: Key | null;
}

const toBytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

async function deriveKey(material: string): Promise<Key> {
  const bytes = new TextEncoder().encode(material);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const id = [...digest.subarray(0, 4)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const base = await crypto.subtle.importKey("raw", bytes, "HKDF", false, ["deriveKey"]);
  const key = await crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: new TextEncoder().encode("qr-code-creator webhook signing secrets v1"),
    },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
  return { id, key };
}

/** The keys of given key material (`current`, and `previous` during a rotation). */
export async function secretKeys(current: string, previous?: string | null): Promise<SecretKeys> {
  return {
    current: await deriveKey(current),
    previous: previous ? await deriveKey(previous) : null,
  };
}

let configured: Promise<SecretKeys> | undefined;
/** This deployment's keys, derived once per isolate. */
export function configuredSecretKeys(): Promise<SecretKeys> {
  const raw = env as unknown as Record<string, string | undefined>;
  return (configured ??= secretKeys(
    raw.WEBHOOK_ENCRYPTION_KEY || DEVELOPMENT_KEY,
    raw.WEBHOOK_ENCRYPTION_KEY_PREVIOUS || null,
  ));
}

/** Whether a stored value is sealed under `keys.current` (nothing to do for it). */
export function sealedUnderCurrent(stored: string, keys: SecretKeys): boolean {
  return stored.startsWith(`${PREFIX}${keys.current.id}:`);
}

export async function sealSecret(secret: string, keys: SecretKeys): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    keys.current.key,
    new TextEncoder().encode(secret),
  );
  return `${PREFIX}${keys.current.id}:${bytesToBase64(iv)}:${bytesToBase64(new Uint8Array(sealed))}`;
}

/** The key the stored value was sealed under is neither the current nor the previous one. */
export class UnknownSecretKeyError extends Error {
  constructor(id: string) {
    super(`A webhook secret is sealed under key ${id}, which is not configured.`);
    this.name = "UnknownSecretKeyError";
  }
}

/** The secret a stored value holds; a value stored before encryption is the secret itself. */
export async function openSecret(stored: string, keys: SecretKeys): Promise<string> {
  if (!stored.startsWith(PREFIX)) return stored;
  const [id, iv, data] = stored.slice(PREFIX.length).split(":");
  const key = [keys.current, keys.previous].find((candidate) => candidate?.id === id);
  if (!key || !iv || !data) throw new UnknownSecretKeyError(id ?? "");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: toBytes(iv) },
    key.key,
    toBytes(data),
  );
  return new TextDecoder().decode(plain);
}
