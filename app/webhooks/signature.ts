// Standard Webhooks signatures (issue #19, ARCHITECTURE.md decision 16), with Web Crypto only, so
// that customers can verify deliveries with the `standardwebhooks` library or by hand:
// webhook-signature is `v1,` + base64(HMAC-SHA256(secret, `${id}.${timestamp}.${body}`)), where
// the key is the secret's base64 part decoded. During a rotation both secrets sign, separated by
// a space, and a receiver accepts any one that verifies.

export const SECRET_PREFIX = "whsec_";

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return `${SECRET_PREFIX}${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`;
}

async function sign(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(content));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three headers of a delivery; every secret given signs (the current one first). */
export async function signatureHeaders(
  secrets: string[],
  id: string,
  timestamp: number,
  body: string,
): Promise<Record<string, string>> {
  const content = `${id}.${timestamp}.${body}`;
  const signatures = await Promise.all(secrets.map((secret) => sign(secret, content)));
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures.join(" "),
  };
}
