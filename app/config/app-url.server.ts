import { env } from "cloudflare:workers";
import { resolveAppUrl } from "./app-url";

// The configured origin, read once per isolate. A deployed environment without a valid APP_URL
// never gets here: the configuration guard answers 503 first (app/config/guard.server.ts).

let origin: string | undefined;

/** This service's origin, from APP_URL: the start of every absolute URL the app writes. */
export function appOrigin(): string {
  const raw = env as unknown as Record<string, unknown>;
  const environment =
    typeof raw.ENVIRONMENT === "string" && raw.ENVIRONMENT ? raw.ENVIRONMENT : "development";
  origin ??= resolveAppUrl(raw, environment);
  return origin;
}

/** An absolute URL of this service for `path` (which starts with "/"). */
export function appUrl(path: string): string {
  return `${appOrigin()}${path}`;
}
