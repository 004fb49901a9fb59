import type { AuthProvider } from "../db/schema";
import { type Phrase, phrase } from "../i18n/phrase";

// "Sign-in methods" on /account: each way the account can prove who it is, and whether it is set
// up. Pure. Each source below reads what it needs from the facts the loader gathered; a new way
// to sign in or a second step (two-factor, passkeys) adds its fact and one source to the list.

export interface SignInMethodFacts {
  hasPassword: boolean;
  /** The providers linked to the account (auth_identities) and when. */
  identities: { provider: AuthProvider; connectedAt: Date }[];
  /** What the loader calls each provider ("Google", the developer platform's name). */
  providerLabel: (provider: AuthProvider) => string;
  /** Two-factor sign-in with an authenticator app: on since (ISO), or null. */
  twoFactorSince: string | null;
  /** How many passkeys the account has. */
  passkeys: number;
}

export interface SignInMethodItem {
  id: string;
  label: string;
  /** Set up or not: "Set", "Not set", "Connected". */
  status: string;
  enabled: boolean;
  /** When it was connected, if known (ISO). */
  since: string | null;
  /** `label` and `status` as the page says them in its language (issue #32); a provider's
   *  name has none. */
  labelPhrase?: Phrase;
  statusPhrase?: Phrase;
}

type MethodSource = (facts: SignInMethodFacts) => SignInMethodItem[];

const password: MethodSource = ({ hasPassword }) => [
  {
    id: "password",
    label: "Password",
    status: hasPassword ? "Set" : "Not set",
    enabled: hasPassword,
    since: null,
    labelPhrase: phrase("account.signIns.password"),
    statusPhrase: phrase(hasPassword ? "account.signIns.set" : "account.signIns.notSet"),
  },
];

const providers: MethodSource = ({ identities, providerLabel }) =>
  identities
    .filter(({ provider }) => provider === "google" || provider === "oidc")
    .map(({ provider, connectedAt }) => ({
      id: provider,
      label: providerLabel(provider),
      status: "Connected",
      enabled: true,
      since: connectedAt.toISOString(),
      statusPhrase: phrase("account.signIns.connected"),
    }));

const passkeys: MethodSource = ({ passkeys: count }) => [
  {
    id: "passkeys",
    label: "Passkeys",
    status: count === 0 ? "None" : count === 1 ? "1 passkey" : `${count} passkeys`,
    enabled: count > 0,
    since: null,
    labelPhrase: phrase("account.signIns.passkeys"),
    statusPhrase:
      count === 0
        ? phrase("account.signIns.none")
        : phrase("account.signIns.passkeyCount", { count }),
  },
];

const twoFactor: MethodSource = ({ twoFactorSince }) => [
  {
    id: "two-factor",
    label: "Two-factor sign-in (authenticator app)",
    status: twoFactorSince ? "On" : "Off",
    enabled: twoFactorSince !== null,
    since: twoFactorSince,
    labelPhrase: phrase("account.signIns.twoFactor"),
    statusPhrase: phrase(twoFactorSince ? "account.signIns.on" : "account.signIns.off"),
  },
];

/** Each way to sign in, then the second step; a new one adds its source here. */
export const SIGN_IN_METHOD_SOURCES: MethodSource[] = [password, providers, passkeys, twoFactor];

export function signInMethods(facts: SignInMethodFacts): SignInMethodItem[] {
  return SIGN_IN_METHOD_SOURCES.flatMap((source) => source(facts));
}
