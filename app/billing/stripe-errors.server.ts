import Stripe from "stripe";
import { PaymentError } from "./provider.server";
import { log } from "../observability/log.server";

// Stripe's failures in words a person can act on. The original goes to the log (without
// anything secret), never to the page.

const TRY_AGAIN = "Please try again in a moment.";

function describe(error: InstanceType<typeof Stripe.errors.StripeError>): PaymentError {
  switch (error.type) {
    case "StripeCardError":
      // Stripe writes card messages for the cardholder ("Your card was declined.").
      return new PaymentError(error.message, 402);
    case "StripeConnectionError":
      return new PaymentError(`The payment service could not be reached. ${TRY_AGAIN}`, 503);
    case "StripeRateLimitError":
      return new PaymentError(`The payment service is busy. ${TRY_AGAIN}`, 503);
    case "StripeAuthenticationError":
    case "StripePermissionError":
      return new PaymentError("Payments are unavailable right now. Please try again later.", 503);
    case "StripeAPIError":
      return new PaymentError(`The payment service had a problem. ${TRY_AGAIN}`, 502);
    default:
      return new PaymentError(
        "The payment service could not process this request. Please try again, or contact us if it keeps happening.",
        502,
      );
  }
}

/**
 * Runs one conversation with Stripe; a Stripe failure becomes a PaymentError, anything else
 * (a bug, the database) passes through unchanged.
 */
export async function withStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    log("error", "stripe_call_failed", {
      what,
      type: error.type,
      code: error.code,
      statusCode: error.statusCode,
      requestId: error.requestId,
      // An authentication error quotes (part of) the key; leave it out of the log.
      message: error.type === "StripeAuthenticationError" ? undefined : error.message,
    });
    throw describe(error);
  }
}
