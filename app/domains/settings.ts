import { z } from "../validation/zod";

// Which custom-hostname provider runs (issue #18, like payments and mail): with a Cloudflare zone
// id and API token, Cloudflare for SaaS's Custom Hostnames API; without them, in local runs, the
// TEST MODE simulator, which activates a hostname on its first check. Staging and production
// without them offer no custom domains (the tab says so) rather than pretend.

export const DEFAULT_CUSTOM_DOMAIN_TARGET = "domains.qrcodecreator.app";
export const CLOUDFLARE_API_BASE = "https://api.cloudflare.com/client/v4";

export type DomainSettings =
  | {
      provider: "cloudflare";
      target: string;
      appHostname: string | null;
      zoneId: string;
      apiToken: string;
      apiBase: string;
    }
  | { provider: "simulated" | "unavailable"; target: string; appHostname: string | null };

type RawDomainSettings = Partial<
  Record<
    | "CLOUDFLARE_ZONE_ID"
    | "CLOUDFLARE_API_TOKEN"
    | "CLOUDFLARE_API_BASE"
    | "CUSTOM_DOMAIN_TARGET"
    | "APP_HOSTNAME",
    string | undefined
  >
>;

const hostname = (name: string) =>
  z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
      `${name} must be a hostname, like domains.example.com`,
    );

const schema = z.object({
  CUSTOM_DOMAIN_TARGET: hostname("CUSTOM_DOMAIN_TARGET"),
  APP_HOSTNAME: hostname("APP_HOSTNAME").optional(),
  CLOUDFLARE_ZONE_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, "CLOUDFLARE_ZONE_ID must be a zone id (32 hex digits)")
    .optional(),
  CLOUDFLARE_API_TOKEN: z.string().min(20, "CLOUDFLARE_API_TOKEN is too short").optional(),
  CLOUDFLARE_API_BASE: z.url("CLOUDFLARE_API_BASE must be a URL").optional(),
});

/** Pure: the provider for `raw` (the variables as set) in `environment`; throws what is wrong. */
export function resolveDomainSettings(raw: RawDomainSettings, environment: string): DomainSettings {
  const parsed = schema.safeParse({
    CUSTOM_DOMAIN_TARGET: raw.CUSTOM_DOMAIN_TARGET || DEFAULT_CUSTOM_DOMAIN_TARGET,
    APP_HOSTNAME: raw.APP_HOSTNAME || undefined,
    CLOUDFLARE_ZONE_ID: raw.CLOUDFLARE_ZONE_ID || undefined,
    CLOUDFLARE_API_TOKEN: raw.CLOUDFLARE_API_TOKEN || undefined,
    CLOUDFLARE_API_BASE: raw.CLOUDFLARE_API_BASE || undefined,
  });
  if (!parsed.success) {
    throw new Error(
      `Custom domains are misconfigured: ${parsed.error.issues.map((issue) => issue.message).join("; ")}.`,
    );
  }
  const settings = parsed.data;
  const target = settings.CUSTOM_DOMAIN_TARGET.toLowerCase();
  const appHostname = settings.APP_HOSTNAME?.toLowerCase() ?? null;
  const { CLOUDFLARE_ZONE_ID: zoneId, CLOUDFLARE_API_TOKEN: apiToken } = settings;
  if (zoneId && apiToken) {
    return {
      provider: "cloudflare",
      target,
      appHostname,
      zoneId,
      apiToken,
      apiBase: settings.CLOUDFLARE_API_BASE ?? CLOUDFLARE_API_BASE,
    };
  }
  if (zoneId || apiToken) {
    throw new Error(
      "Custom domains are misconfigured: set both CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN, or neither.",
    );
  }
  return {
    provider: environment === "development" ? "simulated" : "unavailable",
    target,
    appHostname,
  };
}
