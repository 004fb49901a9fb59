import { redirectWithToast } from "../auth/flash.server";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { sendMail } from "../mail/mailer.server";
import { DEFAULT_LOCALE } from "../i18n/locales";
import { chosenLocale, type Translate, translatorFor } from "../i18n/locale.server";
import { phrase, type Phrased, say } from "../i18n/phrase";
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
import { inviteRefusalText, inviteVerdict, seatLimit } from "./seats";
import { PLANS } from "../plans/catalogue";
import { firstIssue, inviteSchema } from "./team-forms";
import { appOrigin } from "../config/app-url.server";

// Inviting someone from the team tab: the checks, the invitation, the e-mail, and the link shown
// once to the inviter to copy. Only the token's hash is stored, so the link can be shown only
// now: it travels to the next page in a short-lived signed cookie, read once.

export const TEAM_TAB = "/dashboard?tab=team";

const dateIn = (code: string) =>
  new Intl.DateTimeFormat(code === "en" ? "en-US" : code, { dateStyle: "medium", timeZone: "UTC" });

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
): Promise<Phrased | null> {
  const today = await invitationsToday(db, workspaceId, email, now);
  if (today.workspace >= INVITATIONS_PER_WORKSPACE_PER_DAY) {
    const count = INVITATIONS_PER_WORKSPACE_PER_DAY;
    return {
      message: `This workspace and the others of its owner sent ${count} invitations in the last 24 hours, the most they can send in a day. Try again tomorrow.`,
      phrase: phrase("team.invite.toast.quotaWorkspace", { count }),
    };
  }
  if (today.address >= INVITATIONS_PER_ADDRESS_PER_DAY) {
    const [mailbox, count] = [mailboxOf(email), INVITATIONS_PER_ADDRESS_PER_DAY];
    return {
      message: `${mailbox} was sent ${count} invitations in the last 24 hours, the most one address receives in a day. Try again tomorrow, or send the link you were shown earlier.`,
      phrase: phrase("team.invite.toast.quotaAddress", { mailbox, count }),
    };
  }
  return null;
}

function refuse(request: Request, title: string, description: string) {
  return redirectWithToast(request, TEAM_TAB, { title, description, variant: "error" });
}

/** The inviter's toasts are said in the Team tab's language: theirs (a signed-in page). */
function inviterT(request: Request, user: UserRecord): { t: Translate; code: string } {
  const locale = chosenLocale(request, user) ?? DEFAULT_LOCALE;
  return { t: translatorFor(locale), code: locale.code };
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
  const { t, code } = inviterT(request, user);
  const notSent = t("team.invite.toast.notSent");
  const parsed = inviteSchema.safeParse({ email: form.get("email"), role: form.get("role") });
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    const zod = t(`zod.${issue}`);
    return refuse(request, notSent, zod === `zod.${issue}` ? issue : zod);
  }
  const email = normalizeEmail(parsed.data.email);
  const { role } = parsed.data;
  const workspaceId = membership.workspace.id;

  if (await isMemberByEmail(db, workspaceId, email)) {
    return refuse(
      request,
      t("team.invite.toast.alreadyMember"),
      t("team.invite.toast.alreadyMemberText", { email }),
    );
  }
  const earlier = await findPendingInvitationFor(db, workspaceId, email, now);
  if (earlier) {
    return refuse(
      request,
      t("team.invite.toast.alreadyInvited"),
      t("team.invite.toast.alreadyInvitedText", {
        email,
        date: dateIn(code).format(earlier.expiresAt),
      }),
    );
  }
  const quota = await quotaRefusal(db, workspaceId, email, now);
  if (quota) return refuse(request, notSent, say(t, quota));
  const plan = workspacePlan(membership, now);
  const byOwner = membership.role === "owner";
  // Someone who already holds a seat of this plan (in another of the owner's workspaces) takes
  // no new one.
  const seated = seatLimit(plan) > 1 && (await holdsSeat(db, workspaceId, email, now));
  const verdict = seated
    ? ({ ok: true } as const)
    : inviteVerdict(plan, await countSeats(db, workspaceId, now), byOwner);
  if (!verdict.ok) {
    return refuse(request, notSent, inviteRefusalText(t, verdict, PLANS[plan].name, byOwner));
  }

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
    const quotaNow = await quotaRefusal(db, workspaceId, email, now);
    const seatsNow = quotaNow
      ? null
      : inviteVerdict(plan, await countSeats(db, workspaceId, now), byOwner);
    return refuse(
      request,
      notSent,
      quotaNow
        ? say(t, quotaNow)
        : seatsNow && !seatsNow.ok
          ? inviteRefusalText(t, seatsNow, PLANS[plan].name, byOwner)
          : t("team.invite.toast.retry"),
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
          title: t("team.invite.toast.created"),
          description: t("team.invite.toast.createdText", { email }),
          variant: "error",
        }
      : {
          title: t("team.invite.toast.sent"),
          description: t("team.invite.toast.sentText", {
            email,
            role: t(`team.role.${role}.option`),
          }),
          variant: "success",
        },
    [reveal],
  );
}
