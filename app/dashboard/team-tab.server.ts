import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { countSeats, listPendingInvitations } from "../models/invitations.server";
import { listMembers } from "../models/members.server";
import type { Membership } from "../models/workspaces.server";
import { PLANS } from "../plans/catalogue";
import { effectivePlan } from "../plans/effective";
import { auditPage } from "../workspaces/audit.server";
import { auditSentence, timeFromNow } from "../workspaces/audit-text";
import { workspacePlan } from "../workspaces/current.server";
import { readRevealedLink } from "../workspaces/invite.server";
import { personName } from "../workspaces/personal";
import { can } from "../workspaces/roles";
import { sessionLimitSettings } from "../workspaces/session-limit.server";
import { inviteRefusalText, inviteVerdict, seatLimit } from "../workspaces/seats";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/locale.server";
import { say } from "../i18n/phrase";
import { loadPage, requestedPage } from "../validation/pages";
import { policyView } from "../security/workspace-policy.server";

// The Team tab (issue #15): seats, members and their roles, pending invitations, the audit log,
// and the forms that change them (app/workspaces/team-actions.server.ts). Everyone in the
// workspace sees who is in it; invitations and the log are for its owner and admins.

const AUDIT_PAGE_SIZE = 20;

export async function teamTab(
  db: Database,
  request: Request,
  user: UserRecord,
  membership: Membership,
  url: URL,
  now: Date,
  locale: Locale,
) {
  const t = translatorFor(locale);
  const { workspace, role } = membership;
  const manage = can(role, "members.manage");
  const audit = can(role, "audit.view");
  const [members, seats, invitations, log, revealed, twoFactorPolicy] = await Promise.all([
    listMembers(db, workspace.id),
    countSeats(db, workspace.id, now),
    manage ? listPendingInvitations(db, workspace.id, now) : [],
    audit
      ? loadPage(
          requestedPage(url.searchParams.get("page")),
          AUDIT_PAGE_SIZE,
          (offset) => auditPage(db, workspace.id, { limit: AUDIT_PAGE_SIZE, offset }),
          (entries) => entries.total,
        )
      : null,
    manage ? readRevealedLink(request, workspace.id) : { link: null, clear: null },
    policyView(db, user, membership),
  ]);
  const plan = workspacePlan(membership, now);
  const wording = { code: locale.code, someone: t("team.audit.someone") };
  const verdict = inviteVerdict(plan, seats, role === "owner");
  const isOwner = role === "owner";
  return {
    /** Forgets the invitation link shown once (Set-Cookie), if one was waiting. */
    setCookie: revealed.clear,
    team: {
      workspaceId: workspace.id,
      name: membership.label,
      storedName: workspace.name,
      personal: workspace.personal,
      ownWorkspace: workspace.personal && workspace.ownerId === user.id,
      role,
      planName: PLANS[plan].name,
      ownerName: personName(membership.owner),
      seats: { ...seats, limit: seatLimit(plan), used: seats.members + seats.pending },
      invite: manage
        ? {
            refusal: verdict.ok ? null : inviteRefusalText(t, verdict, PLANS[plan].name, isOwner),
            upgrade:
              verdict.ok || !verdict.upgradeTo
                ? null
                : isOwner
                  ? {
                      href: "/dashboard?tab=plans",
                      label: t("team.upgradeTo", { plan: PLANS[verdict.upgradeTo].name }),
                    }
                  : { href: "/pricing", label: t("team.comparePlans") },
            link: revealed.link,
          }
        : null,
      members: members.map((member) => {
        const you = member.userId === user.id;
        const manageable = manage && !you && member.role !== "owner";
        return {
          id: member.userId,
          name: personName(member),
          email: member.email,
          role: member.role,
          joinedAt: member.joinedAt.toISOString(),
          you,
          canChangeRole: manageable,
          canRemove: manageable,
        };
      }),
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        expiresIn: timeFromNow(invitation.expiresAt, now, locale.code),
      })),
      canRename: can(role, "workspace.rename"),
      canTransfer: can(role, "ownership.transfer") && !workspace.personal,
      canDelete: can(role, "workspace.delete") && !workspace.personal,
      canLeave: !isOwner,
      twoFactorPolicy,
      canCreateWorkspace: seatLimit(effectivePlan(user, now)) > 1,
      /** Security policies: team workspaces only (a personal one has no one else to guard). */
      security: workspace.personal ? null : sessionLimitSettings(membership, now),
      audit: log
        ? {
            entries: log.loaded.rows.map((row) => ({
              id: row.id,
              text: say(t, auditSentence(row, wording)),
              at: row.createdAt.toISOString(),
              ago: timeFromNow(row.createdAt, now, locale.code),
            })),
            page: log.page,
            pages: log.pages,
          }
        : null,
    },
  };
}

export type TeamTabData = Awaited<ReturnType<typeof teamTab>>["team"];
