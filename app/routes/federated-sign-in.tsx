import { finishProviderSignIn, startProviderSignIn } from "../auth/federated.server";
import type { ProviderName } from "../auth/providers.server";
import {
  ProviderNotConfigured,
  providerNotConfiguredMeta,
} from "../components/provider-not-configured";
import type { Route } from "./+types/federated-sign-in";

// The four addresses of the federated sign-ins (spec section 7): the start and the callback of
// Google and of the developer platform's OpenID Connect provider.
const LEGS: Record<string, { provider: ProviderName; leg: "start" | "callback" }> = {
  "/api/auth/google": { provider: "google", leg: "start" },
  "/api/auth/google/callback": { provider: "google", leg: "callback" },
  "/api/login": { provider: "oidc", leg: "start" },
  "/api/callback": { provider: "oidc", leg: "callback" },
};

export function loader({ request }: Route.LoaderArgs) {
  const { provider, leg } = LEGS[new URL(request.url).pathname]!;
  return leg === "start"
    ? startProviderSignIn(provider, request)
    : finishProviderSignIn(provider, request);
}

export const meta: Route.MetaFunction = providerNotConfiguredMeta;

export const ErrorBoundary = ProviderNotConfigured;
