import { data, Form, Link } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { getUser, requireUser } from "../auth/user.server";
import { SignOutForm } from "../components/auth/sign-out-form";
import { createDatabase } from "../db/client.server";
import {
  acceptInvitation,
  findInvitationByToken,
  type InvitationDetails,
  type InvitationState,
} from "../models/invitations.server";
import { effectivePlan } from "../plans/effective";
import { getLocale, getT, type Translate } from "../i18n/locale.server";
import { Trans, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import { timeFromNow } from "../workspaces/audit-text";
import { chooseWorkspace } from "../workspaces/current.server";
import { personName, workspaceLabel } from "../workspaces/personal";
import { seatLimit } from "../workspaces/seats";
import { emitWebhookEvent } from "../webhooks/emit.server";
import type { Route } from "./+types/invite";

// /invite/{token}: an invitation to a workspace (issue #15). Anyone with the link sees whose
// workspace it is and the role; the invited address accepts it, signed in or after signing up.
// A link that is unknown (404), used, revoked or expired (410) says so plainly.

const NO_STORE = { "Cache-Control": "private, no-store" };

type Closed = Exclude<InvitationState, "pending"> | "unknown";

function closed(state: Closed, t: Translate) {
  return data(
    {
      kind: "closed" as const,
      state,
      title: t(`team.invitePage.${state}.title`),
      text: t(`team.invitePage.${state}.text`),
    },
    {
      status: state === "unknown" ? 404 : 410,
      headers: NO_STORE,
    },
  );
}

/** "g…@example.com": enough to recognise one's address, not enough to learn someone else's. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

const MISMATCH = (invitation: InvitationDetails, t: Translate) =>
  t("team.invitePage.mismatch", { email: maskEmail(invitation.email) });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const now = new Date();
  const [invitation, user, locale] = await Promise.all([
    findInvitationByToken(createDatabase(), params.token, now),
    getUser(context),
    getLocale(context),
  ]);
  const t = await getT(context);
  if (!invitation) return closed("unknown", t);
  if (invitation.state !== "pending") return closed(invitation.state, t);
  const path = new URL(request.url).pathname;
  return data(
    {
      kind: "pending" as const,
      workspaceName: workspaceLabel(invitation.workspace, invitation.owner, null),
      inviterName: invitation.inviter
        ? personName(invitation.inviter)
        : t("team.invitePage.aMember"),
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
      expiresIn: timeFromNow(invitation.expiresAt, now, locale.code),
      // The forms open with the invited address filled in (issue #29 item 6).
      signUp: `/auth?mode=signup&redirect=${encodeURIComponent(path)}&email=${encodeURIComponent(invitation.email)}`,
      signIn: `/auth?mode=signin&redirect=${encodeURIComponent(path)}&email=${encodeURIComponent(invitation.email)}`,
      /** null for a visitor; otherwise whether they are the invited address, or why not. */
      viewer: user
        ? { mismatch: user.email === invitation.email ? null : MISMATCH(invitation, t) }
        : null,
    },
    { headers: NO_STORE },
  );
}

/** POST: the invited person, signed in, accepts; they join and land in the workspace. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const db = createDatabase();
  const now = new Date();
  const t = await getT(context);
  const invitation = await findInvitationByToken(db, params.token, now);
  if (!invitation) return closed("unknown", t);
  if (invitation.state !== "pending") return closed(invitation.state, t);
  if (invitation.email !== user.email) {
    return data({ kind: "refused" as const, message: MISMATCH(invitation, t) }, { status: 403 });
  }
  const { workspace, owner } = invitation;
  const joined = await acceptInvitation(
    db,
    { id: invitation.id, role: invitation.role, workspaceId: workspace.id },
    user,
    seatLimit(effectivePlan(owner, now)),
    now,
  );
  if (joined) {
    await emitWebhookEvent(db, workspace.id, "member.joined", {
      workspaceId: workspace.id,
      userId: user.id,
      email: user.email,
      role: invitation.role,
    });
  }
  if (!joined) {
    const again = await findInvitationByToken(db, params.token, now);
    if (again && again.state !== "pending") return closed(again.state, t);
    return data(
      {
        kind: "refused" as const,
        message: t("team.invitePage.noSeat", { name: workspaceLabel(workspace, owner, user.id) }),
      },
      { status: 409 },
    );
  }
  return redirectWithToast(
    request,
    "/dashboard",
    {
      title: t("team.invitePage.welcome", { name: workspaceLabel(workspace, owner, user.id) }),
      description: t(`team.invitePage.joinedAs.${invitation.role}`),
      variant: "success",
    },
    [await chooseWorkspace(request, workspace.id)],
  );
}

// The link is a key: no cache keeps the page, no search engine lists it.
export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta(
      loaded?.kind === "pending"
        ? t("team.invitePage.join", { name: loaded.workspaceName })
        : t("team.invitePage.meta.title"),
      t("team.invitePage.meta.description"),
    ),
    { name: "robots", content: "noindex" },
  ];
};

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.kind === "closed") {
    return (
      <section className="container auth-page">
        <div className="card auth-card">
          <h1>{loaderData.title}</h1>
          <p className="muted">{loaderData.text}</p>
          <Link to="/" className="btn btn-primary">
            {t("team.invitePage.toGenerator")}
          </Link>
        </div>
      </section>
    );
  }
  const invite = loaderData;
  const refusal = actionData && actionData.kind === "refused" ? actionData.message : null;
  return (
    <section className="container auth-page">
      <div className="card auth-card invite-card">
        <h1>{t("team.invitePage.join", { name: invite.workspaceName })}</h1>
        <p>
          <Trans
            id={`team.invitePage.invited.${invite.role}`}
            values={{
              inviter: invite.inviterName,
              email: invite.email,
              workspace: invite.workspaceName,
            }}
            components={{ 0: <strong />, 1: <strong />, 2: <strong /> }}
          />
        </p>
        <p className="muted small">
          {t(`team.role.${invite.role}`)}: {t(`team.role.${invite.role}.description`)}.{" "}
          <Trans
            id="team.invitePage.expires"
            components={{
              0: (
                <time dateTime={invite.expiresAt} title={invite.expiresAt}>
                  {invite.expiresIn}
                </time>
              ),
            }}
          />
        </p>
        {refusal ? (
          <p className="notice notice-error" role="alert">
            {refusal}
          </p>
        ) : null}
        {invite.viewer === null ? (
          <div className="invite-actions">
            <Link to={invite.signUp} className="btn btn-primary btn-block">
              {t("team.invitePage.signUp")}
            </Link>
            <Link to={invite.signIn} className="btn btn-ghost btn-block">
              {t("team.invitePage.signIn")}
            </Link>
            <p className="muted small">
              {t("team.invitePage.useAddress", { email: invite.email })}
            </p>
          </div>
        ) : invite.viewer.mismatch ? (
          <div className="notice notice-warning">
            <p>{invite.viewer.mismatch}</p>
            <SignOutForm label={t("team.invitePage.signOut")} buttonClassName="btn btn-ghost" />
          </div>
        ) : (
          <Form method="post">
            <button type="submit" className="btn btn-primary btn-block">
              {t("team.invitePage.accept")}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
