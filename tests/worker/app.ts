import { exports } from "cloudflare:workers";

export const ORIGIN = "https://qr.example.com";

/** Sends a request through the whole app, as the edge would, and returns its response. */
export function appFetch(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }));
}
