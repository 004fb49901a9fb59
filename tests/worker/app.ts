import { exports } from "cloudflare:workers";

export const ORIGIN = "https://qr.example.com";

/** Sends a request through the whole app, as the edge would, and returns its response. */
export function appFetch(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }));
}

/** How long a test waits for a scan to come through the scan queue (batch timeout 1 s). */
export const SCAN_QUEUE_WAIT = { timeout: 10_000, interval: 100 };

let addressCounter = 0;
/** A distinct client address per call, so one test's rate limits never reach another. */
export function newAddress(): string {
  addressCounter += 1;
  return `203.0.113.${(addressCounter % 250) + 1}:${addressCounter}`;
}

/**
 * POST /api/qr-codes/generate with multipart fields: strings and files as they are, anything
 * else as JSON.
 */
export function generate(
  fields: Record<string, unknown>,
  {
    cookie,
    ip = newAddress(),
    headers = {},
  }: { cookie?: string | null; ip?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.set(
      key,
      typeof value === "string" || value instanceof File ? value : JSON.stringify(value),
    );
  }
  return appFetch("/api/qr-codes/generate", {
    method: "POST",
    body: form,
    headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}
