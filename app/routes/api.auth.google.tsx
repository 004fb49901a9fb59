import { startProviderSignIn } from "../auth/federated.server";
import {
  ProviderNotConfigured,
  providerNotConfiguredMeta,
} from "../components/provider-not-configured";
import type { Route } from "./+types/api.auth.google";

export function loader({ request }: Route.LoaderArgs) {
  return startProviderSignIn("google", request);
}

export const meta: Route.MetaFunction = providerNotConfiguredMeta;

export const ErrorBoundary = ProviderNotConfigured;
