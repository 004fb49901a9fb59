// Password hashing with PBKDF2-SHA256 through WebCrypto. Production Workers refuse more than
// 100,000 iterations (local workerd accepts more, so a test pins the number). Each hash names
// its algorithm and parameters, so they can be raised later without breaking stored hashes.

export const PBKDF2_ITERATIONS = 100_000;
const ALGORITHM = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BYTES = 32;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password.normalize("NFKC")),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/** `pbkdf2-sha256$<iterations>$<salt>$<hash>`, base64 parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return [ALGORITHM, PBKDF2_ITERATIONS, toBase64(salt), toBase64(hash)].join("$");
}

function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  // workerd's non-standard SubtleCrypto.timingSafeEqual compares without an early exit.
  return (
    crypto.subtle as SubtleCrypto & { timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean }
  ).timingSafeEqual(a, b);
}

/** True when `password` matches `stored`; false for any malformed or foreign hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (algorithm !== ALGORITHM || !saltText || !hashText) return false;
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
    return false;
  }
  const expected = fromBase64(hashText);
  const actual = await derive(password, fromBase64(saltText), iterations);
  return equalInConstantTime(actual, expected);
}

// Checked when no account matches, so that an unknown address takes as long as a wrong password.
let decoy: Promise<string> | undefined;
export async function spendPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword("decoy password, never matches");
  await verifyPassword(password, await decoy);
}
