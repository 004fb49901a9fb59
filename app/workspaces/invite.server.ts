import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { DEFAULT_LOCALE } from "../i18n/locales";
import { chosenLocale } from "../i18n/locale.server";
import { inviteeLocale } from "../mail/recipient.server";
import { invitationMessage } from "../mail/templates";
import { shownBrand } from "../models/brands.server";
import {
  countSeats,
  createInvitation,
  findPendingInvitationFor,
  holdsSeat,
  INVITATIONS_PER_ADDRESS_PER_DAY,
  INVITATIONS_PER_WORKSPACE_PER_DAY,
  invitationsToday,
  mailboxOf,
} from "../models/invitations.server";
import { isMemberByEmail } from "../models/members.server";
import { normalizeEmail } from "../models/users.server";
import type { Membership } from "../models/workspaces.server";
import { signedCookie } from "../security/cookies.server";
import { requirePermission, workspacePlan } from "./current.server";
import { personName, workspaceLabel } from "./personal";
import { inviteVerdict, seatLimit } from "./seats";
import { firstIssue, inviteSchema } from "./team-forms";
import { appOrigin } from "../config/app-url.server";

// Inviting someone from the team tab: the checks, the invitation, the e-mail, and the link shown
// once to the inviter to copy. Only the token's hash is stored, so the link can be shown only
// now: it travels to the next page in a short-lived signed cookie, read once.

export const TEAM_TAB = "/dashboard?tab=team";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

function linkCookie(request: Request) {
  return signedCookie("qr_invite_link", request, { maxAge: 10 * 60 });
}

export interface RevealedLink {
  email: string;
  url: string;
}

/** The link of the invitation just sent, for its workspace's team tab, and the header that forgets it. */
export async function readRevealedLink(
  request: Request,
  workspaceId: string,
): Promise<{ link: RevealedLink | null; clear: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("qr_invite_link=")) return { link: null, clear: null };
  const cookie = linkCookie(request);
  const value = (await cookie.parse(header)) as (RevealedLink & { workspaceId: string }) | null;
  const clear = await cookie.serialize("", { maxAge: 0 });
  if (!value || value.workspaceId !== workspaceId) return { link: null, clear };
  return { link: { email: value.email, url: value.url }, clear };
}

/** Refuses the invitation past a daily limit: of the owner's workspaces, or of the address. */
async function quotaRefusal(
  db: Database,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<string | null> {
  const today = await invitationsToday(db, workspaceId, email, now);
  if (today.workspace >= INVITATIONS_PER_WORKSPACE_PER_DAY) {
    return `This workspace and the others of its owner sent ${INVITATIONS_PER_WORKSPACE_PER_DAY} invitations in the last 24 hours, the most they can send in a day. Try again tomorrow.`;
  }
  if (today.address >= INVITATIONS_PER_ADDRESS_PER_DAY) {
    return `${mailboxOf(email)} was sent ${INVITATIONS_PER_ADDRESS_PER_DAY} invitations in the last 24 hours, the most one address receives in a day. Try again tomorrow, or send the link you were shown earlier.`;
  }
  return null;
}

function refuse(request: Request, title: string, description: string) {
  return redirectWithToast(request, TEAM_TAB, { title, description, variant: "error" });
}

/** POST intent=invite: an e-mail address and a role. */
export async function inviteMember(
  request: Request,
  db: Database,
  user: UserRecord,
  membership: Membership,
  form: FormData,
  now = new Date(),
): Promise<Response> {
  requirePermission(membership, "members.manage");
  const parsed = inviteSchema.safeParse({ email: form.get("email"), role: form.get("role") });
  if (!parsed.success) return refuse(request, "Invitation not sent", firstIssue(parsed.error));
  const email = normalizeEmail(parsed.data.email);
  const { role } = parsed.data;
  const workspaceId = membership.workspace.id;

  if (await isMemberByEmail(db, workspaceId, email)) {
    return refuse(request, "Already a member", `${email} is already a member of this workspace.`);
  }
  const earlier = await findPendingInvitationFor(db, workspaceId, email, now);
  if (earlier) {
    return refuse(
      request,
      "Already invited",
      `${email} already has an invitation, valid until ${dateFormat.format(earlier.expiresAt)}. Revoke it to send a new link.`,
    );
  }
  const quota = await quotaRefusal(db, workspaceId, email, now);
  if (quota) return refuse(request, "Invitation not sent", quota);
  const plan = workspacePlan(membership, now);
  const byOwner = membership.role === "owner";
  // Someone who already holds a seat of this plan (in another of the owner's workspaces) takes
  // no new one.
  const seated = seatLimit(plan) > 1 && (await holdsSeat(db, workspaceId, email, now));
  const verdict = seated
    ? ({ ok: true } as const)
    : inviteVerdict(plan, await countSeats(db, workspaceId, now), byOwner);
  if (!verdict.ok) return refuse(request, "Invitation not sent", verdict.message);

  const invitation = await createInvitation(
    db,
    {
      workspaceId,
      email,
      role,
      inviter: { id: user.id, email: user.email },
      seatLimit: seatLimit(plan),
    },
    now,
  );
  if (!invitation) {
    // Someone else took the last seat (or the day's last invitation) between the count and the insert.
    const again =
      (await quotaRefusal(db, workspaceId, email, now)) ??
      inviteVerdict(plan, await countSeats(db, workspaceId, now), byOwner);
    return refuse(
      request,
      "Invitation not sent",
      typeof again === "string" ? again : again.ok ? "Please try again." : again.message,
    );
  }
  const url = `${appOrigin()}/invite/${invitation.token}`;
  const brand = await shownBrand(db, workspaceId, now);
  const mailed = await sendMail(
    invitationMessage({
      // The team tab is a signed-in page: its language is the inviter's choice (or English).
      locale: await inviteeLocale(db, email, chosenLocale(request, user) ?? DEFAULT_LOCALE),
      to: email,
      inviterName: personName(user),
      workspaceName: workspaceLabel(membership.workspace, membership.owner, null),
      role,
      link: url,
      brand: brand ? { name: brand.name, accentColor: brand.accentColor } : undefined,
    }),
  );
  const reveal = await linkCookie(request).serialize({ workspaceId, email, url });
  return redirectWithToast(
    request,
    TEAM_TAB,
    mailed === "failed"
      ? {
          title: "Invitation created",
          description: `The e-mail to ${email} could not be sent. Copy the link below and send it yourself.`,
          variant: "error",
        }
      : {
          title: "Invitation sent",
          description: `${email} is invited as ${role}. You can also copy the link below.`,
          variant: "success",
        },
    [reveal],
  );
}
