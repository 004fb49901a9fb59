import { env } from "cloudflare:workers";
import { LOCAL_APP_URL, resolveAppUrl } from "./app-url";

// The configured origin, read once per isolate. A deployed environment without a valid APP_URL
// never gets here: the configuration guard answers 503 first (app/config/guard.server.ts).

let origin: string | undefined;

/** This service's origin, from APP_URL: the start of every absolute URL the app writes. */
export function appOrigin(): string {
  if (origin !== undefined) return origin;
  const raw = env as unknown as Record<string, unknown>;
  const environment =
    typeof raw.ENVIRONMENT === "string" && raw.ENVIRONMENT ? raw.ENVIRONMENT : "development";
  try {
    origin = resolveAppUrl(raw, environment);
  } catch (error) {
    // A local run with a malformed APP_URL keeps working on the default; the guard has logged it.
    if (environment !== "development") throw error;
    origin = LOCAL_APP_URL;
  }
  return origin;
}

/** An absolute URL of this service for `path` (which starts with "/"). */
export function appUrl(path: string): string {
  return `${appOrigin()}${path}`;
}
