/**
 * A same-origin path to go to after signing in, or "/" for anything else: absolute URLs,
 * protocol-relative "//host" and "/\host" tricks, and the auth pages themselves are refused.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  if (target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if ([...target].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  const url = new URL(target, "https://same.origin");
  if (url.origin !== "https://same.origin") return fallback;
  if (["/auth", "/signin", "/login"].includes(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
