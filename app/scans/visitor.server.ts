import { clientAddress } from "../security/client.server";

// Unique scanners (issue #30): a scanner is recognised within one UTC day by an HMAC-SHA-256 of
// its address and user agent under that day's salt. The salt is random, made by the first scan
// of the day and deleted two days later (app/jobs/retention.server.ts), so the hash cannot be
// tied to an address, nor to the same scanner on another day, once the salt is gone.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The salts of the days this isolate has seen: one D1 round trip per isolate and day. */
const salts = new Map<number, Promise<CryptoKey>>();

async function saltOf(d1: D1Database, day: number): Promise<CryptoKey> {
  const fresh = [...crypto.getRandomValues(new Uint8Array(32))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  // The first isolate to ask makes the day's salt; every other one reads the same.
  const [, read] = await d1.batch<{ salt: string }>([
    d1.prepare("INSERT OR IGNORE INTO scan_salts (day, salt) VALUES (?, ?)").bind(day, fresh),
    d1.prepare("SELECT salt FROM scan_salts WHERE day = ?").bind(day),
  ]);
  const salt = read?.results[0]?.salt ?? fresh;
  return crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(salt),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
}

function dailyKey(d1: D1Database, day: number): Promise<CryptoKey> {
  let key = salts.get(day);
  if (!key) {
    key = saltOf(d1, day);
    key.catch(() => salts.delete(day));
    for (const old of salts.keys()) if (old < day - 1) salts.delete(old);
    salts.set(day, key);
  }
  return key;
}

/** The scanner's hash for the UTC day of `at`: hex, 16 bytes. */
export async function visitorHash(d1: D1Database, request: Request, at: number): Promise<string> {
  const key = await dailyKey(d1, Math.floor(at / DAY_MS));
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    new TextEncoder().encode(
      `${clientAddress(request)}\n${request.headers.get("User-Agent") ?? ""}`,
    ),
  );
  return [...new Uint8Array(mac).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
