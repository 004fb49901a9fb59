import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";

// Two-factor sign-in with an authenticator app (issue #31): TOTP as RFC 6238 defines it (SHA-1,
// 30-second steps, 6 digits, what every authenticator app speaks) and single-use recovery codes.
// Pure: the server edges (two-factor*.server.ts) keep the secrets and count the attempts.

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** The page of a sign-in's second step. */
export const SECOND_STEP_PATH = "/signin/two-factor";
/** How long "Trust this browser" skips the second step. */
export const TRUST_DAYS = 30;
const ISSUER = "QR Code Creator";

/** The 30-second step a moment falls in (RFC 6238's T). */
export function totpStep(unixSeconds: number): number {
  return Math.floor(unixSeconds / TOTP_PERIOD_SECONDS);
}

/** The code for a moment; `digits` is 6 for people, 8 for RFC 6238's test vectors. */
export function totpAt(key: Uint8Array, unixSeconds: number, digits = TOTP_DIGITS): string {
  return generateHOTP(key, BigInt(totpStep(unixSeconds)), digits);
}

function sameCode(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * The step `code` belongs to, or null. One step either side is accepted (a phone's clock a little
 * off, a code typed as it changed); steps at or before `lastUsedStep` are not, so that a code seen
 * over someone's shoulder cannot be used a second time.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  unixSeconds: number,
  lastUsedStep: number | null,
): number | null {
  const now = totpStep(unixSeconds);
  let found: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    // Every candidate is compared, so the time taken says nothing about which one matched.
    if (sameCode(generateHOTP(key, BigInt(step), TOTP_DIGITS), code) && found === null) {
      found = step;
    }
  }
  return found;
}

/** A new 160-bit secret (RFC 4226's recommended length). */
export function newTotpKey(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(20));
}

/** The secret as a person types it into an app: base32 in groups of four. */
export function groupedSecret(key: Uint8Array): string {
  return (encodeBase32UpperCaseNoPadding(key).match(/.{1,4}/g) ?? []).join(" ");
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUri(key: Uint8Array, accountName: string): string {
  return createTOTPKeyURI(ISSUER, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/** What a person typed as a 6-digit code: spaces removed; null when it is not one. */
export function normalizeTotp(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

// 32 letters and digits that cannot be mistaken for one another when written down (no i, l, o,
// 0); 32 divides 256, so every character is equally likely.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz123456789";

/** Ten codes like "k7pq2-xm4rt": 50 bits each, written down once and used once. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** A recovery code as stored (lower case, no dash or spaces); null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, "");
  return /^[a-z0-9]{10}$/.test(code) ? code : null;
}

/** What /account's section shows: off, set-up waiting for its first code, or on. */
export type TwoFactorView =
  | { state: "off" }
  | { state: "pending"; secret: string; qrSvg: string }
  | { state: "on"; since: string; recoveryCodesLeft: number };

/** The forms of /account's "Two-factor sign-in" section (intent=two-factor, step=…). */
export const TWO_FACTOR_STEPS = ["start", "cancel", "confirm", "regenerate", "disable"] as const;
export type TwoFactorStep = (typeof TWO_FACTOR_STEPS)[number];

/** A form's answer: a problem, or the recovery codes, shown once. */
export interface TwoFactorAnswer {
  step: TwoFactorStep;
  error?: string;
  recoveryCodes?: string[];
}
