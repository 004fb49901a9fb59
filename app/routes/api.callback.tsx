import { finishProviderSignIn } from "../auth/federated.server";
import {
  ProviderNotConfigured,
  providerNotConfiguredMeta,
} from "../components/provider-not-configured";
import type { Route } from "./+types/api.callback";

export function loader({ request }: Route.LoaderArgs) {
  return finishProviderSignIn("oidc", request);
}

export const meta: Route.MetaFunction = providerNotConfiguredMeta;

export const ErrorBoundary = ProviderNotConfigured;
