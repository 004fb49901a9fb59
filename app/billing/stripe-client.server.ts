import Stripe from "stripe";
import type { StripeSettings } from "./settings.server";

// One way to build the Stripe client, for the provider and the webhook alike.

/** Long enough for Stripe on a bad day, short enough that a checkout page never hangs. */
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A Stripe client that talks over fetch (Workers have no node:http) and gives up on a call after
 * STRIPE_TIMEOUT_MS (10 s unless set), retrying once (Stripe's SDK adds an idempotency key, so a
 * retried create is safe). STRIPE_API_BASE, set only by the tests, points it at a local stand-in
 * for Stripe's API.
 */
export function createStripeClient(settings: StripeSettings) {
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: settings.STRIPE_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS,
    ...apiAddress(settings.STRIPE_API_BASE),
  });
}

function apiAddress(base: string | undefined) {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port || (protocol === "http" ? "80" : "443"),
    protocol,
  } as const;
}
