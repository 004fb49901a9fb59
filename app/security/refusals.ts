import { phrase, type Phrased } from "../i18n/phrase";

// What two-factor sign-in and passkeys (issue #31) say when they refuse, in English for the
// JSON answers and as a phrase a page says in its language (issue #32). Sign-in's words are in
// the `auth` catalogues, /account's in `account`. Pure, so a unit test holds each English
// message to its catalogue text.

const said = (message: string, id: string, values?: Record<string, number>): Phrased => ({
  message,
  phrase: phrase(id, values),
});

// ---- The second step of a sign-in (/signin/two-factor) ----

export const SECOND_STEP_GONE = said(
  "This sign-in has expired or was already used. Please sign in again with your password.",
  "auth.twoFactor.error.gone",
);

export const SECOND_STEP_TOO_MANY_CODES = said(
  "Too many wrong codes for this sign-in. Please sign in again with your password.",
  "auth.twoFactor.error.tooManyCodes",
);

const SECOND_STEP_WRONG_CODE =
  "That code is not right. Check the 6-digit code in your authenticator app, or enter an unused recovery code.";

/** A wrong code at the second step, and how many tries the sign-in has left. */
export const secondStepWrongCode = (left: number) =>
  said(
    `${SECOND_STEP_WRONG_CODE} ${left} attempt${left === 1 ? "" : "s"} left.`,
    "auth.twoFactor.error.wrongCode",
    { count: left },
  );

// ---- /account's two-factor forms ----

export const CODE_NEEDED = said(
  "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  "account.twoFactor.error.codeNeeded",
);

export const WRONG_SETUP_CODE = said(
  "That code is not the one your app shows for this secret. Check the app's clock and type the code shown now.",
  "account.twoFactor.error.wrongSetupCode",
);

export const WRONG_CODE = said(
  "That code is not right, or it was already used.",
  "account.twoFactor.error.wrongCode",
);

export const STALE_SIGN_IN_TWO_FACTOR = said(
  "To turn two-factor sign-in off, sign in again first: your last sign-in is more than 5 minutes old.",
  "account.twoFactor.error.stale",
);

export const TWO_FACTOR_NOT_ON = said(
  "Two-factor sign-in is not on.",
  "account.twoFactor.error.notOn",
);

export const UNKNOWN_STEP = said(
  "The form was not recognised. Please try again.",
  "account.toast.unchanged.text",
);

// ---- Passkeys: the JSON calls of the browser's script, which shows the phrase ----

/** Said for every passkey that does not sign in, whatever the cause: no account is revealed. */
export const PASSKEY_REFUSED = said(
  "That passkey did not sign you in. It may have been removed from its account. Try another way to sign in.",
  "auth.passkey.error.refused",
);

export const PASSKEY_UNREADABLE = said(
  "The passkey's answer could not be read. Please try again, or use another way to sign in.",
  "auth.passkey.error.unreadable",
);

export const PASSKEY_OTHER_BROWSER = said(
  "This passkey request was started in another tab or browser, or has expired. Please try again.",
  "auth.passkey.error.otherBrowser",
);

export const PASSKEY_EXPIRED = said(
  "This passkey request has expired or was already used. Please try again.",
  "auth.passkey.error.expired",
);

/** An account that already has `limit` passkeys. */
export const passkeyLimit = (limit: number) =>
  said(
    `An account can have at most ${limit} passkeys. Remove one you no longer use first.`,
    "account.passkeys.error.limit",
    { count: limit },
  );

export const PASSKEY_NOT_VERIFIED = said(
  "Your device's answer could not be verified, so no passkey was added. Please try again.",
  "account.passkeys.error.notVerified",
);

export const PASSKEY_DUPLICATE = said(
  "This passkey is already registered.",
  "account.passkeys.error.duplicate",
);
