import { platformLabel } from "../auth/providers.server";
import type { Database } from "../db/client.server";
import type { AuthProvider, UserRecord } from "../db/schema";
import { identitiesOf } from "../models/account.server";
import { pendingToken } from "../models/account-tokens.server";
import { toUsageTotals, usageTotalsQuery } from "../models/qr-codes.server";
import { PLANS } from "../plans/catalogue";
import type { AccountView } from "./page-data";

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
  now = new Date(),
): Promise<AccountView> {
  const [pending, identities, totals] = await Promise.all([
    pendingToken(db, user.id, "change_email", now),
    identitiesOf(db, user.id),
    usageTotalsQuery(db, user.id),
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
    signIns: identities.map(({ provider, connectedAt }) => ({
      provider,
      label: providerLabel(provider),
      connectedAt: connectedAt.toISOString(),
    })),
    savedCodes: toUsageTotals(totals).totalQRCodes,
    subscribedPlan: subscribed ? PLANS[user.subscriptionPlan].name : null,
  };
}
