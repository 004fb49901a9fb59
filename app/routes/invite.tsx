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
import { pageMeta } from "../seo";
import { timeFromNow } from "../workspaces/audit-text";
import { chooseWorkspace } from "../workspaces/current.server";
import { personName, workspaceLabel } from "../workspaces/personal";
import { ROLE_DESCRIPTIONS } from "../workspaces/roles";
import { seatLimit } from "../workspaces/seats";
import { emitWebhookEvent } from "../webhooks/emit.server";
import type { Route } from "./+types/invite";

// /invite/{token}: an invitation to a workspace (issue #15). Anyone with the link sees whose
// workspace it is and the role; the invited address accepts it, signed in or after signing up.
// A link that is unknown (404), used, revoked or expired (410) says so plainly.

const NO_STORE = { "Cache-Control": "private, no-store" };

type Closed = Exclude<InvitationState, "pending"> | "unknown";

const CLOSED: Record<Closed, { title: string; text: string }> = {
  unknown: {
    title: "Invitation not found",
    text: "This invitation link is not valid. Check that you copied all of it, or ask for a new invitation.",
  },
  accepted: {
    title: "Invitation already used",
    text: "Each invitation link works once. If you accepted it, the workspace is in your account menu; otherwise ask for a new invitation.",
  },
  revoked: {
    title: "Invitation withdrawn",
    text: "The workspace revoked this invitation. Ask for a new one if you still need access.",
  },
  expired: {
    title: "Invitation expired",
    text: "Invitations work for 7 days. Ask whoever invited you to send a new one.",
  },
};

function closed(state: Closed) {
  return data(
    { kind: "closed" as const, state, ...CLOSED[state] },
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

const MISMATCH = (invitation: InvitationDetails) =>
  `This invitation was sent to ${maskEmail(invitation.email)}. Sign in with that address to accept it.`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const now = new Date();
  const [invitation, user] = await Promise.all([
    findInvitationByToken(createDatabase(), params.token, now),
    getUser(context),
  ]);
  if (!invitation) return closed("unknown");
  if (invitation.state !== "pending") return closed(invitation.state);
  const path = new URL(request.url).pathname;
  return data(
    {
      kind: "pending" as const,
      workspaceName: workspaceLabel(invitation.workspace, invitation.owner, null),
      inviterName: invitation.inviter ? personName(invitation.inviter) : "A member",
      email: invitation.email,
      role: invitation.role,
      roleDescription: ROLE_DESCRIPTIONS[invitation.role],
      expiresAt: invitation.expiresAt.toISOString(),
      expiresIn: timeFromNow(invitation.expiresAt, now),
      // The forms open with the invited address filled in (issue #29 item 6).
      signUp: `/auth?mode=signup&redirect=${encodeURIComponent(path)}&email=${encodeURIComponent(invitation.email)}`,
      signIn: `/auth?mode=signin&redirect=${encodeURIComponent(path)}&email=${encodeURIComponent(invitation.email)}`,
      /** null for a visitor; otherwise whether they are the invited address, or why not. */
      viewer: user
        ? { mismatch: user.email === invitation.email ? null : MISMATCH(invitation) }
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
  const invitation = await findInvitationByToken(db, params.token, now);
  if (!invitation) return closed("unknown");
  if (invitation.state !== "pending") return closed(invitation.state);
  if (invitation.email !== user.email) {
    return data({ kind: "refused" as const, message: MISMATCH(invitation) }, { status: 403 });
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
    if (again && again.state !== "pending") return closed(again.state);
    return data(
      {
        kind: "refused" as const,
        message: `${workspaceLabel(workspace, owner, user.id)} has no free seat on its current plan. Ask whoever invited you to make room, then try again.`,
      },
      { status: 409 },
    );
  }
  return redirectWithToast(
    request,
    "/dashboard",
    {
      title: `Welcome to ${workspaceLabel(workspace, owner, user.id)}`,
      description: `You joined as ${invitation.role}. Switch workspaces from your account menu.`,
      variant: "success",
    },
    [await chooseWorkspace(request, workspace.id)],
  );
}

// The link is a key: no cache keeps the page, no search engine lists it.
export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta = ({ loaderData: loaded }: Route.MetaArgs) => [
  ...pageMeta(
    loaded?.kind === "pending" ? `Join ${loaded.workspaceName}` : "Invitation",
    "An invitation to a workspace on QR Code Creator.",
  ),
  { name: "robots", content: "noindex" },
];

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "closed") {
    return (
      <section className="container auth-page">
        <div className="card auth-card">
          <h1>{loaderData.title}</h1>
          <p className="muted">{loaderData.text}</p>
          <Link to="/" className="btn btn-primary">
            Go to the QR generator
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
        <h1>Join {invite.workspaceName}</h1>
        <p>
          {invite.inviterName} invited <strong>{invite.email}</strong> to the workspace{" "}
          <strong>{invite.workspaceName}</strong> as <strong>{invite.role}</strong>.
        </p>
        <p className="muted small">
          {invite.role[0]!.toUpperCase() + invite.role.slice(1)}: {invite.roleDescription}. The
          invitation expires{" "}
          <time dateTime={invite.expiresAt} title={invite.expiresAt}>
            {invite.expiresIn}
          </time>
          .
        </p>
        {refusal ? (
          <p className="notice notice-error" role="alert">
            {refusal}
          </p>
        ) : null}
        {invite.viewer === null ? (
          <div className="invite-actions">
            <Link to={invite.signUp} className="btn btn-primary btn-block">
              Create an account to accept
            </Link>
            <Link to={invite.signIn} className="btn btn-ghost btn-block">
              Sign in to accept
            </Link>
            <p className="muted small">Use {invite.email}: the invitation is for that address.</p>
          </div>
        ) : invite.viewer.mismatch ? (
          <div className="notice notice-warning">
            <p>{invite.viewer.mismatch}</p>
            <SignOutForm label="Sign out" buttonClassName="btn btn-ghost" />
          </div>
        ) : (
          <Form method="post">
            <button type="submit" className="btn btn-primary btn-block">
              Accept invitation
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
