// A random id per browser, so a visitor's free downloads are counted without an account.

const COOKIE_NAME = "qr_visitor";
const ONE_YEAR = 60 * 60 * 24 * 365;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export interface VisitorId {
  id: string;
  /** Set-Cookie value when the browser did not have an id yet. */
  setCookie: string | null;
}

export function visitorId(request: Request): VisitorId {
  const existing = existingVisitorId(request);
  if (existing) return { id: existing, setCookie: null };
  const id = crypto.randomUUID();
  const secure = isSecureRequest(request) ? "; Secure" : "";
  return {
    id,
    setCookie: `${COOKIE_NAME}=${id}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure}`,
  };
}

/** The id if this browser already has one; nothing is set. */
export function existingVisitorId(request: Request): string | null {
  const existing = readCookie(request, COOKIE_NAME);
  return existing && UUID.test(existing) ? existing : null;
}
