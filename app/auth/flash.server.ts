import { redirect } from "react-router";
import type { Toast } from "../components/toast";
import { signedCookie } from "../security/cookies.server";

// A message for the next page after a redirect (post/redirect/get). The page renders it inline
// in its HTML, and with JavaScript the same message appears as a toast.

function flashCookie(request: Request) {
  return signedCookie("qr_flash", request, { maxAge: 60 });
}

export async function flashHeader(request: Request, toast: Toast): Promise<string> {
  return flashCookie(request).serialize(toast);
}

/** A 303 to `url` that shows `toast` there. Extra Set-Cookie headers (a session) ride along. */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Toast,
  setCookies: string[] = [],
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of [...setCookies, await flashHeader(request, toast)]) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(url, { status: 303, headers });
}

/** True when a message is waiting for this page. */
export function hasFlash(request: Request): boolean {
  return request.headers.get("Cookie")?.includes("qr_flash=") ?? false;
}

/** The pending message, if any, and the header that clears it. */
export async function readFlash(
  request: Request,
): Promise<{ toast: Toast | null; clear: string | null }> {
  if (!hasFlash(request)) return { toast: null, clear: null };
  const cookie = flashCookie(request);
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  const toast =
    value && typeof value === "object" && typeof (value as Toast).title === "string"
      ? (value as Toast)
      : null;
  return { toast, clear: await cookie.serialize("", { maxAge: 0 }) };
}
