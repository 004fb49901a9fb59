import { getPaymentSettings } from "../billing/settings.server";
import { htmlCacheControl } from "../caching/policy";

interface HeaderContext {
  nonce: string;
  requestId: string;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * What Stripe's Payment Element needs (Stripe.js, its frames, its API), and Stripe Checkout as a
 * form target: the no-JavaScript checkout posts to /checkout, which answers 303 to Stripe
 * Checkout, and browsers apply form-action to that redirect too.
 */
const STRIPE = {
  script: "https://js.stripe.com https://*.js.stripe.com",
  frame: "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
  connect: "https://api.stripe.com",
  formAction: "https://checkout.stripe.com",
};

/**
 * The policy for HTML documents. Scripts run only when they carry this response's nonce (or are
 * loaded by one that does); nothing may frame the app; forms post only to this origin.
 * Inline style attributes are allowed because SVG and React render some; <style> elements are not.
 * Stripe's origins are allowed only where Stripe takes the payments.
 */
export function contentSecurityPolicy(nonce: string, { stripe }: { stripe: boolean }): string {
  const also = (sources: string) => (stripe ? ` ${sources}` : "");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${also(STRIPE.script)}`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${also(STRIPE.connect)}`,
    ...(stripe ? [`frame-src 'self' ${STRIPE.frame}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${also(STRIPE.formAction)}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Whether Stripe takes the payments. Half-configured payments fail where payments are used; the
 * headers of every page must not fail with them.
 */
function stripeTakesPayments(): boolean {
  try {
    return getPaymentSettings().provider === "stripe";
  } catch {
    return false;
  }
}

export function withSecurityHeaders(
  request: Request,
  response: Response,
  { nonce, requestId }: HeaderContext,
): Response {
  // Responses from the router may carry immutable headers (redirects); copy before changing them.
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  const stripe = stripeTakesPayments();
  // Wallets (Apple Pay, Google Pay) in Stripe's payment frame need the Payment Request API there.
  const payment = stripe ? `payment=(self "https://js.stripe.com")` : "payment=(self)";
  headers.set("Permissions-Policy", `camera=(), microphone=(), geolocation=(), ${payment}`);
  headers.set("X-Request-Id", requestId);
  if (headers.get("Content-Type")?.startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, { stripe }));
    if (!headers.has("Cache-Control")) {
      headers.set("Cache-Control", htmlCacheControl(request, secured));
    }
  }
  if (!LOCAL_HOSTS.has(new URL(request.url).hostname)) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  return secured;
}
