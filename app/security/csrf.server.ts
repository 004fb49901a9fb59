// Cross-site request forgery: a mutation is refused when the browser says it came from another
// site. Browsers send Origin on every POST, and Sec-Fetch-Site on every request; a caller that
// sends neither is not a browser and cannot be carrying a victim's cookies.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths that other services call with their own authentication (e.g. signed webhooks). */
const EXEMPT_PATHS = new Set(["/api/stripe/webhook"]);

export function isCrossSiteMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (EXEMPT_PATHS.has(url.pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin !== url.origin;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  return false;
}

export function crossSiteRefusal(request: Request): Response {
  const message = "This request came from another site and was refused.";
  // The API, and the JSON calls of pages (passkeys), read a JSON answer.
  const json = request.headers.get("Content-Type")?.includes("application/json") ?? false;
  if (json || new URL(request.url).pathname.startsWith("/api/")) {
    return Response.json({ message, code: "FORBIDDEN" }, { status: 403 });
  }
  return new Response(`${message} Go back to the page and try again.`, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
