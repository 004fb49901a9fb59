import { z } from "../validation/zod";

// The two federated sign-ins (ARCHITECTURE.md decision 6): Google, and a generic OpenID Connect
// provider (the "developer platform"). Each is configured only when every setting is present.
// Pure, so that the rules are unit-tested; providers.server.ts reads the Worker's settings.

export type ProviderName = "google" | "oidc";

export interface ProviderConfig {
  name: ProviderName;
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
  /** Path of the callback on this site, registered with the provider. */
  callbackPath: string;
}

const settingsSchema = z.object({
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_LABEL: z.string().min(1).default("Continue with the developer platform"),
});

export type ProviderSettings = z.input<typeof settingsSchema>;

/** The settings each provider needs, named as an operator sets them. */
export const REQUIRED_SETTINGS: Record<ProviderName, string[]> = {
  google: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  oidc: ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
};

/** A provider's configuration from raw settings, or null when it is not (fully) configured. */
export function providerFromSettings(
  name: ProviderName,
  raw: ProviderSettings,
): ProviderConfig | null {
  const parsed = settingsSchema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== "")),
  );
  if (!parsed.success) return null;
  const s = parsed.data;
  if (name === "google") {
    if (!s.GOOGLE_CLIENT_ID || !s.GOOGLE_CLIENT_SECRET) return null;
    return {
      name,
      issuer: s.GOOGLE_ISSUER,
      clientId: s.GOOGLE_CLIENT_ID,
      clientSecret: s.GOOGLE_CLIENT_SECRET,
      label: "Continue with Google",
      callbackPath: "/api/auth/google/callback",
    };
  }
  if (!s.OIDC_ISSUER || !s.OIDC_CLIENT_ID || !s.OIDC_CLIENT_SECRET) return null;
  return {
    name,
    issuer: s.OIDC_ISSUER,
    clientId: s.OIDC_CLIENT_ID,
    clientSecret: s.OIDC_CLIENT_SECRET,
    label: s.OIDC_LABEL,
    callbackPath: "/api/callback",
  };
}
