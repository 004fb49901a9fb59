import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import type { Phrase, Phrased } from "../../i18n/phrase";

// The browser's half of the passkey ceremonies (issue #31): ask the server for options, let the
// device make or use the passkey, post the answer back. Each step's problem becomes one sentence
// a person can act on. The server's problems come with a phrase, said in the page's language.

export type Outcome = { ok: true; redirect: string } | ({ ok: false } & Phrased);

const TRY_AGAIN = "Something went wrong. Please try again.";

async function post(path: string, body: unknown): Promise<{ ok: boolean; json: unknown }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  return { ok: response.ok, json };
}

function problemOf(json: unknown): Phrased {
  const body = json as { message?: unknown; phrase?: Partial<Phrase> } | null;
  if (typeof body?.message !== "string") return { message: TRY_AGAIN };
  const phrase = body.phrase;
  return typeof phrase?.id === "string"
    ? { message: body.message, phrase: { id: phrase.id, values: phrase.values } }
    : { message: body.message };
}

/** What the device's refusal means to a person. */
function deviceProblem(error: unknown, making: boolean): string {
  const name = error instanceof Error ? error.name : "";
  if (
    error instanceof WebAuthnError &&
    error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED"
  ) {
    return "This device already has a passkey for your account.";
  }
  if (name === "NotAllowedError" || name === "AbortError") {
    return making
      ? "No passkey was added: the request was cancelled or timed out."
      : "No passkey was used: the request was cancelled or timed out.";
  }
  return making
    ? "Your device could not make a passkey. Please try again."
    : "Your device could not use a passkey. Please try again.";
}

export const passkeysSupported = () => browserSupportsWebAuthn();

async function ceremony<T>(
  base: string,
  start: (options: never) => Promise<T>,
  extra: Record<string, unknown>,
  making: boolean,
): Promise<Outcome> {
  try {
    const options = await post(`${base}/options`, {});
    if (!options.ok) return { ok: false, ...problemOf(options.json) };
    let response: T;
    try {
      response = await start(options.json as never);
    } catch (error) {
      return { ok: false, message: deviceProblem(error, making) };
    }
    const verified = await post(`${base}/verify`, { ...extra, response });
    if (!verified.ok) return { ok: false, ...problemOf(verified.json) };
    const redirect = (verified.json as { redirect?: unknown }).redirect;
    return { ok: true, redirect: typeof redirect === "string" ? redirect : "/" };
  } catch {
    return { ok: false, message: TRY_AGAIN };
  }
}

/** Adds a passkey named `name` to the signed-in account. */
export function addPasskey(name: string): Promise<Outcome> {
  return ceremony(
    "/account/passkeys",
    (optionsJSON) => startRegistration({ optionsJSON }),
    { name },
    true,
  );
}

/** Signs in with a passkey the person picks on their device. */
export function signInWithPasskey(redirect: string): Promise<Outcome> {
  return ceremony(
    "/signin/passkey",
    (optionsJSON) => startAuthentication({ optionsJSON }),
    { redirect },
    false,
  );
}
