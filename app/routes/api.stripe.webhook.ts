import { jsonProblem } from "../auth/responses.server";
import { getPaymentSettings } from "../billing/settings.server";
import { handleStripeWebhook } from "../billing/stripe-webhook.server";
import { createDatabase } from "../db/client.server";
import type { Route } from "./+types/api.stripe.webhook";

// Stripe's webhook endpoint (README "Stripe"). Signed by Stripe, so it is exempt from the
// cross-site check (app/security/csrf.server.ts).

function postOnly() {
  const response = jsonProblem(405, "Stripe delivers webhooks with POST.");
  response.headers.set("Allow", "POST");
  return response;
}

export function loader() {
  return postOnly();
}

export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return postOnly();
  const settings = getPaymentSettings();
  if (settings.provider !== "stripe") return jsonProblem(404, "Stripe is not configured here.");
  return handleStripeWebhook(request, createDatabase(), settings.stripe);
}
