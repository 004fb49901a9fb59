import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { billingEventsOf, identitiesOf } from "../models/account.server";
import { codesWithCountsQuery } from "../models/qr-codes.server";
import { ticketsWithMessagesOf } from "../models/support-tickets.server";
import { subscriptionView } from "../billing/status";
import { personalWorkspaceId } from "../workspaces/personal";
import { listSessionRows } from "../auth/session-index.server";
import { passkeysOf } from "../security/passkeys.server";
import { twoFactorView } from "../security/two-factor.server";

// "Download my data": everything the account holds about the person, as one JSON file. Nothing
// secret goes in (no password hash, no session token or its hash, no authenticator secret or
// recovery code, no passkey's key, no payment provider's ids) and nothing of anyone else's.

export async function accountExport(
  db: Database,
  user: UserRecord,
  origin: string,
  now = new Date(),
) {
  const [signIns, codes, billingHistory, supportRequests, twoFactor, keys, sessions] =
    await Promise.all([
      identitiesOf(db, user.id),
      codesWithCountsQuery(db, personalWorkspaceId(user.id)),
      billingEventsOf(db, user.id),
      ticketsWithMessagesOf(db, user.id),
      twoFactorView(db, user),
      passkeysOf(db, user.id),
      listSessionRows(db, user.id, user.sessionsRevokedAt, now),
    ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      createdAt: user.createdAt.toISOString(),
      language: user.language,
    },
    subscription: {
      ...subscriptionView(user, now),
      storedPlan: user.subscriptionPlan,
      trialStartDate: user.trialStartDate?.toISOString() ?? null,
    },
    signIns: signIns.map(({ provider, connectedAt }) => ({
      provider,
      connectedAt: connectedAt.toISOString(),
    })),
    // How the account signs in (issue #31), without anything that would let someone else do so.
    security: {
      twoFactor:
        twoFactor.state === "on"
          ? { state: "on", since: twoFactor.since, recoveryCodesLeft: twoFactor.recoveryCodesLeft }
          : { state: twoFactor.state },
      passkeys: keys.map((key) => ({
        name: key.name,
        synced: key.backedUp,
        createdAt: key.createdAt.toISOString(),
        lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      })),
      sessions: sessions.map((session) => ({
        device: session.device,
        place: [session.city, session.country].filter(Boolean).join(", ") || null,
        method: session.method,
        signedInAt: session.signedInAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      })),
    },
    codes: codes.map(({ code, scans, slug }) => ({
      id: code.id,
      type: code.type,
      title: code.title,
      data: code.data,
      customization: code.customization,
      hasLogo: code.logoUrl !== null,
      isPublic: code.isPublic,
      createdAt: code.createdAt.toISOString(),
      updatedAt: code.updatedAt.toISOString(),
      downloads: code.downloadCount,
      scans,
      trackedLink: slug ? `${origin}/s/${slug}` : null,
    })),
    billingHistory: billingHistory.map(({ type, receivedAt }) => ({
      type,
      receivedAt: receivedAt.toISOString(),
    })),
    // Staff are named only as "support" (issue #19).
    supportRequests: supportRequests.map(({ ticket, messages }) => ({
      subject: ticket.subject,
      category: ticket.category,
      status: ticket.status,
      plan: ticket.plan,
      createdAt: ticket.createdAt.toISOString(),
      responseDueAt: ticket.dueAt?.toISOString() ?? null,
      messages: messages.map((message) => ({
        from: message.fromStaff ? "support" : "you",
        body: message.body,
        sentAt: message.createdAt.toISOString(),
      })),
    })),
  };
}

/** qr-code-creator-data-2025-01-23.json */
export function exportFileName(now: Date): string {
  return `qr-code-creator-data-${now.toISOString().slice(0, 10)}.json`;
}
