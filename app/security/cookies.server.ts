import { createCookie } from "react-router";
import { getSecret } from "../env.server";
import { isSecureRequest } from "./visitor.server";

/**
 * A signed cookie with this app's safe defaults: HttpOnly, SameSite=Lax, Secure on https (not on
 * http://localhost, where browsers would drop it), signed with the app's secret.
 */
export function signedCookie(
  name: string,
  request: Request,
  { path = "/", maxAge }: { path?: string; maxAge: number },
) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request),
    path,
    maxAge,
    secrets: [getSecret()],
  });
}
