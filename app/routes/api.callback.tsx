import { finishProviderSignIn } from "../auth/federated.server";
import { ProviderNotConfigured } from "../components/provider-not-configured";
import type { Route } from "./+types/api.callback";

export function loader({ request }: Route.LoaderArgs) {
  return finishProviderSignIn("oidc", request);
}

export const ErrorBoundary = ProviderNotConfigured;
