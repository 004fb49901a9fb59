import { platformLabel } from "../auth/providers.server";
import type { Database } from "../db/client.server";
import type { AuthProvider, UserRecord } from "../db/schema";
import { codesInOwnedWorkspaces, identitiesOf } from "../models/account.server";
import { pendingToken } from "../models/account-tokens.server";
import { PLANS } from "../plans/catalogue";
import type { ViewerZone } from "../dates/viewer-zone.server";
import { DEFAULT_ZONE, timeZones } from "../destinations/destination";
import type { CurrentSession } from "../auth/session.server";
import { sessionsView } from "./sessions.server";
import type { Translate } from "../i18n/locale.server";
import { signInMethods } from "./sign-in-methods";
import { twoFactorView } from "../security/two-factor.server";
import { passkeySettings } from "../security/passkey-account.server";
import type { AccountView } from "./page-data";
import { signedInRecently, signInAgain } from "./reauthentication.server";

// What /account shows: the profile, the address and a change waiting for its link, the ways the
// account signs in, and what deleting it would take away.

/** "Continue with the developer platform" → "The developer platform". */
function platformName(): string {
  const name = platformLabel().replace(/^continue with\s+/i, "");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function providerLabel(provider: AuthProvider): string {
  switch (provider) {
    case "email":
      return "E-mail and password";
    case "google":
      return "Google";
    case "oidc":
      return platformName();
    case "demo":
      return "Demo sign-in";
  }
}

export async function accountView(
  db: Database,
  user: UserRecord,
  session: CurrentSession | null,
  zone: ViewerZone,
  t: Translate,
  locale: string,
  now = new Date(),
): Promise<AccountView> {
  const [pending, identities, savedCodes, sessions, twoFactor, passkeys] = await Promise.all([
    pendingToken(db, user.id, "change_email", now),
    identitiesOf(db, user.id),
    codesInOwnedWorkspaces(db, user.id),
    sessionsView(db, user, session, now, t, locale),
    twoFactorView(db, user),
    passkeySettings(db, user, session, now),
  ]);
  const subscribed = user.stripeSubscriptionId !== null && user.subscriptionStatus !== "canceled";
  return {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    email: user.email,
    emailVerified: user.emailVerified,
    hasPassword: user.passwordHash !== null,
    pendingEmail: pending
      ? { to: pending.email, expiresAt: pending.expiresAt.toISOString() }
      : null,
    savedCodes,
    // Without a password, deleting asks for a sign-in at most 5 minutes old.
    signInAgain:
      user.passwordHash === null && !signedInRecently(session, now.getTime())
        ? signInAgain(identities.map(({ provider }) => provider))
        : null,
    subscribedPlan: subscribed ? PLANS[user.subscriptionPlan].name : null,
    timeZone: {
      saved: zone.saved ? zone.zone : null,
      shown: zone.zone ?? DEFAULT_ZONE,
      zones: timeZones(),
    },
    signInMethods: signInMethods({
      hasPassword: user.passwordHash !== null,
      identities,
      providerLabel,
      twoFactorSince: twoFactor.state === "on" ? twoFactor.since : null,
      passkeys: passkeys.list.length,
    }),
    sessions,
    twoFactor,
    passkeys,
  };
}
