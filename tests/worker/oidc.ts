import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { appFetch } from "./app";

// Signing in with Google or the developer platform against the local OpenID provider
// (tests/fakes/oidc-provider.ts), through the app's real strategy code.

const CLIENTS = { "/api/login": "platform-test-client", "/api/auth/google": "google-test-client" };

async function nextIdToken(claims: Record<string, unknown>) {
  await fetch(`${env.FAKE_OIDC_CONTROL_URL}/next`, {
    method: "POST",
    body: JSON.stringify(claims),
  });
}

export function cookiesOf(...responses: Response[]): string {
  return responses
    .flatMap((response) => response.headers.getSetCookie())
    .map((header) => header.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Start → provider's authorize → back to the callback; returns the callback's response. */
export async function dance(
  start: keyof typeof CLIENTS,
  claims: Record<string, unknown>,
  { forgeState = false, startQuery = "", cookie = "" } = {},
) {
  await nextIdToken({ aud: CLIENTS[start], ...claims });
  const started = await appFetch(`${start}${startQuery}`);
  expect(started.status).toBe(302);
  const authorizeUrl = new URL(started.headers.get("Location")!);
  expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorizeUrl.searchParams.get("state")).toBeTruthy();
  const authorized = await fetch(authorizeUrl, { redirect: "manual" });
  const callback = new URL(authorized.headers.get("Location")!);
  if (forgeState) callback.searchParams.set("state", "forged-state-value");
  return appFetch(`${callback.pathname}${callback.search}`, {
    headers: { Cookie: [cookiesOf(started), cookie].filter(Boolean).join("; ") },
  });
}
