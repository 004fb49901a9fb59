import { env } from "cloudflare:workers";
import {
  type ProviderConfig,
  type ProviderName,
  providerFromSettings,
  type ProviderSettings,
} from "./provider-settings";

export type { ProviderConfig, ProviderName } from "./provider-settings";
export { REQUIRED_SETTINGS } from "./provider-settings";

export function providerConfig(name: ProviderName): ProviderConfig | null {
  return providerFromSettings(name, env as unknown as ProviderSettings);
}

/** The button label of the OpenID Connect sign-in, configured or not. */
export function platformLabel(): string {
  const label = (env as unknown as ProviderSettings).OIDC_LABEL;
  return label || "Continue with the developer platform";
}

/** The federated sign-ins that are configured, in the order the sign-in pages list them. */
export function configuredProviders(): { name: ProviderName; label: string }[] {
  return (["google", "oidc"] as const).flatMap((name) => {
    const config = providerConfig(name);
    return config ? [{ name, label: config.label }] : [];
  });
}
