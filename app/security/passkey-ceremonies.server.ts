import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { appOrigin } from "../config/app-url.server";
import type { PasskeyRecord, UserRecord } from "../db/schema";
import { log } from "../observability/log.server";
import { bytesToBase64Url } from "../qr/base64";
import type { NewPasskey } from "./passkeys.server";

// The WebAuthn ceremonies (issue #31), through @simplewebauthn/server. Who we are comes from the
// configured APP_URL (ARCHITECTURE.md decision 18), never from the request's Host: the relying
// party id is its hostname and the only origin accepted is its origin, so a passkey made for this
// service cannot be used by a look-alike one, nor this one's by a proxy in front of it.

const RP_NAME = "QR Code Creator";

// The library and its certificate parsers are about 300 KB: loaded by the passkey routes when
// first used, so that the cold start of every other page does not evaluate them.
// One entry point only: split in two chunks, tsyringe could run before its reflect polyfill.
const webauthn = () => import("@simplewebauthn/server");

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** EdDSA, ES256 and RS256: what authenticators make, and what workerd's WebCrypto verifies. */
const ALGORITHMS = [-8, -7, -257];

/** Both ceremonies ask the device to verify the person (PIN, fingerprint, face): a passkey
 *  sign-in then proves two factors. */
const USER_VERIFICATION = "required" as const;

function relyingParty() {
  const origin = appOrigin();
  return { origin, rpID: new URL(origin).hostname };
}

/** The user handle an authenticator keeps with the passkey: the account's id, never its address. */
const userHandle = (userId: string) => new TextEncoder().encode(userId);

export async function registrationOptions(
  user: UserRecord,
  existing: PasskeyRecord[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn();
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty().rpID,
    userName: user.email,
    userID: userHandle(user.id),
    userDisplayName: displayName || user.email,
    attestationType: "none",
    // A device that already holds one of the account's passkeys is not asked to make another.
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: { residentKey: "required", userVerification: USER_VERIFICATION },
    supportedAlgorithmIDs: ALGORITHMS,
  });
}

export async function authenticationOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  // No allowCredentials: the passkey is discoverable, so the person picks it without typing an
  // address first, and nothing here tells a visitor which accounts exist.
  return generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: USER_VERIFICATION,
  });
}

/** The challenge the browser answered, read from its clientDataJSON; null if unreadable. */
export function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(new TextDecoder().decode(fromBase64Url(clientDataJSON)));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" && challenge !== "" ? challenge : null;
  } catch {
    return null;
  }
}

export type Verified<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A refusal, logged with the library's reason (a person only ever reads a general message). */
function failed(ceremony: string, error: unknown) {
  const reason = error instanceof Error ? error.message : "not verified";
  log("warn", "passkey_refused", { ceremony, reason });
  return { ok: false as const, reason };
}

/** The new passkey a registration response proves, or why it does not. */
export async function verifyRegistration(
  response: RegistrationResponseJSON,
  challenge: string,
  userId: string,
  name: string,
  now: Date,
): Promise<Verified<NewPasskey>> {
  const { origin, rpID } = relyingParty();
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!verified) return failed("registration", null);
    const { credential, credentialDeviceType, credentialBackedUp } = registrationInfo;
    return {
      ok: true,
      value: {
        id: credential.id,
        userId,
        name,
        publicKey: bytesToBase64Url(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        createdAt: now,
      },
    };
  } catch (error) {
    return failed("registration", error);
  }
}

/** The authenticator's new counter when a sign-in response is the passkey's, or why not. */
export async function verifyAuthentication(
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: PasskeyRecord,
): Promise<Verified<{ newCounter: number; backedUp: boolean }>> {
  const { origin, rpID } = relyingParty();
  // A discoverable passkey says whose it is: it must be the account the credential belongs to.
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== bytesToBase64Url(userHandle(passkey.userId))) {
    return failed("authentication", new Error("user handle does not match"));
  }
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: fromBase64Url(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    if (!verified) return failed("authentication", null);
    return {
      ok: true,
      value: {
        newCounter: authenticationInfo.newCounter,
        backedUp: authenticationInfo.credentialBackedUp,
      },
    };
  } catch (error) {
    return failed("authentication", error);
  }
}
