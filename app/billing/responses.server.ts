import { jsonProblem, NO_STORE } from "../auth/responses.server";
import type { PlanActionResult } from "./plan-actions.server";
import { PaymentError } from "./provider.server";
import { PaymentsNotConfiguredError } from "./settings.server";
import { log } from "../observability/log.server";

export const PAYMENTS_UNAVAILABLE = "Payments are not available right now. Please try again later.";

/** A provider's refusal or missing configuration as the JSON a script reads; anything else is a bug. */
export function billingProblem(error: unknown): Response {
  if (error instanceof PaymentError) return jsonProblem(error.status, error.message);
  if (error instanceof PaymentsNotConfiguredError) {
    log("error", "payments_not_configured", { message: error.message });
    return jsonProblem(503, PAYMENTS_UNAVAILABLE);
  }
  throw error;
}

/** A plan change or cancellation as JSON: the toast on success, the reason otherwise. */
export function planActionResponse(result: PlanActionResult): Response {
  if (result.ok) return Response.json({ ok: true, ...result.toast }, { headers: NO_STORE });
  const extra = result.checkoutUrl ? { checkoutUrl: result.checkoutUrl } : {};
  return jsonProblem(result.status, result.message, extra);
}
