import { env } from "cloudflare:workers";
import type { UrlRules } from "./url";

/** Where webhooks may go in this deployment (app/webhooks/url.ts): its environment and hostname. */
export function webhookUrlRules(): UrlRules {
  const raw = env as unknown as Record<string, string | undefined>;
  return { environment: raw.ENVIRONMENT || "development", appHostname: raw.APP_HOSTNAME || null };
}
