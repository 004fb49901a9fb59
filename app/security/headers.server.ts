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
 * The policy for HTML documents. Scripts run only when they carry this response's nonce (or are
 * loaded by one that does); nothing may frame the app; forms post only to this origin.
 * Inline style attributes are allowed because SVG and React render some; <style> elements are not.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
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
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
  headers.set("X-Request-Id", requestId);
  if (headers.get("Content-Type")?.startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  }
  if (!LOCAL_HOSTS.has(new URL(request.url).hostname)) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  return secured;
}
