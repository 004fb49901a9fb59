import { TabFormFields } from "./tab-form-fields";
import { Form, Link, useSearchParams } from "react-router";
import type { TeamTabData } from "../../dashboard/team-tab.server";
import { WORKSPACE_NAME_MAX } from "../../workspaces/team-forms";
import { ASSIGNABLE_ROLES, ROLE_DESCRIPTIONS } from "../../workspaces/roles";
import { CopyButton } from "../copy-button";
import { FormattedDate } from "../formatted-date";
import { SecurityPolicies } from "./security-policies";
import { TwoFactorPolicy } from "./two-factor-policy";

// The dashboard's Team tab: plain forms posting to /dashboard (intent=…), confirmations in native
// <details>, so that all of it works without JavaScript.

type Member = TeamTabData["members"][number];

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function Summary({ team }: { team: TeamTabData }) {
  return (
    <div className="card team-summary">
      <h2 id="team-heading">{team.name}</h2>
      <p>
        <strong>{team.seats.summary}</strong>{" "}
        <span className="muted">
          · {team.planName} plan{team.role === "owner" ? "" : ` of ${team.ownerName}`}
        </span>
      </p>
      <p className="muted small">
        You are {team.role}: {team.roleDescription.toLowerCase()}.
      </p>
      {team.ownWorkspace ? (
        <p className="muted small">
          This is your personal workspace: it belongs to your account, so it cannot be left or
          handed over. Create a team workspace to share ownership.
        </p>
      ) : null}
      {team.canRename ? (
        <details className="inline-details">
          <summary className="btn btn-ghost">Rename workspace</summary>
          <Form method="post" className="inline-form">
            <TabFormFields workspaceId={team.workspaceId} intent="rename-workspace" />
            <label htmlFor="workspace-name">Workspace name</label>
            <input
              id="workspace-name"
              name="name"
              defaultValue={team.storedName}
              required
              maxLength={WORKSPACE_NAME_MAX}
            />
            <button type="submit" className="btn btn-primary">
              Save name
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

function InviteLink({ link }: { link: { email: string; url: string } }) {
  return (
    <div className="notice notice-success invite-link">
      <label htmlFor="invite-link">Invitation link for {link.email}</label>
      <p className="small">
        It was e-mailed; you can also send it yourself. It is shown only now, works once, for 7
        days.
      </p>
      <div className="share-row">
        <input id="invite-link" type="text" readOnly value={link.url} />
        <CopyButton text={link.url} label="Copy link" />
      </div>
    </div>
  );
}

function Invite({
  team,
  invite,
}: {
  team: TeamTabData;
  invite: NonNullable<TeamTabData["invite"]>;
}) {
  return (
    <section className="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      {invite.link ? <InviteLink link={invite.link} /> : null}
      {invite.refusal ? (
        <div className="notice notice-warning" role="status">
          <p>{invite.refusal}</p>
          {invite.upgrade ? <Link to={invite.upgrade.href}>{invite.upgrade.label}</Link> : null}
        </div>
      ) : (
        // A new key after each invitation sent empties the form (with JavaScript too).
        <Form method="post" className="invite-form" key={invite.link?.url ?? "invite"}>
          <TabFormFields workspaceId={team.workspaceId} intent="invite" />
          <div className="field">
            <label htmlFor="invite-email">E-mail address</label>
            <input
              id="invite-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
            />
          </div>
          <fieldset>
            <legend>Role</legend>
            {ASSIGNABLE_ROLES.map((role) => (
              <label key={role} className="role-choice">
                <input type="radio" name="role" value={role} defaultChecked={role === "editor"} />
                <span>
                  <strong>{role[0]!.toUpperCase() + role.slice(1)}</strong>
                  <span className="muted small"> — {ROLE_DESCRIPTIONS[role]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary">
            Send invitation
          </button>
        </Form>
      )}
    </section>
  );
}

function MemberActions({ team, member }: { team: TeamTabData; member: Member }) {
  return (
    <div className="member-actions">
      {member.canChangeRole ? (
        <details className="inline-details">
          <summary className="btn btn-ghost">Change role</summary>
          <Form method="post" className="inline-form">
            <TabFormFields workspaceId={team.workspaceId} intent="change-role" />
            <input type="hidden" name="member" value={member.id} />
            <label htmlFor={`role-${member.id}`}>Role for {member.name}</label>
            <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
              {ASSIGNABLE_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-primary">
              Save role
            </button>
          </Form>
        </details>
      ) : null}
      {member.canRemove ? (
        <details className="inline-details">
          <summary className="btn btn-ghost btn-danger">Remove</summary>
          <div className="confirm">
            <p>
              <strong>Remove {member.name}?</strong> Their access ends on their next page load. The
              codes they made stay in the workspace.
            </p>
            <Form method="post">
              <TabFormFields workspaceId={team.workspaceId} intent="remove" />
              <input type="hidden" name="member" value={member.id} />
              <button type="submit" className="btn btn-danger-solid">
                Remove {member.name}
              </button>
            </Form>
          </div>
        </details>
      ) : null}
    </div>
  );
}

function Members({ team }: { team: TeamTabData }) {
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      <ul className="member-list">
        {team.members.map((member) => (
          <li key={member.id} className="card member-item">
            <div className="member-main">
              <h3>
                {member.name}
                {member.you ? <span className="muted"> (you)</span> : null}
              </h3>
              <p className="muted small">
                <span className="badge">{member.role.toUpperCase()}</span> {member.email} · joined{" "}
                <FormattedDate value={member.joinedAt} />
              </p>
            </div>
            <MemberActions team={team} member={member} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Invitations({ team }: { team: TeamTabData }) {
  if (team.invitations.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Pending invitations</h2>
      <ul className="member-list">
        {team.invitations.map((invitation) => (
          <li key={invitation.id} className="card member-item">
            <div className="member-main">
              <h3>{invitation.email}</h3>
              <p className="muted small">
                <span className="badge">{invitation.role.toUpperCase()}</span> · expires{" "}
                <time dateTime={invitation.expiresAt} title={utc(invitation.expiresAt)}>
                  {invitation.expiresIn}
                </time>
              </p>
            </div>
            <Form method="post">
              <TabFormFields workspaceId={team.workspaceId} intent="revoke" />
              <input type="hidden" name="invitation" value={invitation.id} />
              <button type="submit" className="btn btn-ghost btn-danger">
                Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Leaving, or for the owner of a team workspace, handing it over first. */
function YourMembership({ team }: { team: TeamTabData }) {
  const others = team.members.filter((member) => !member.you);
  if (team.canLeave) {
    return (
      <details className="inline-details card">
        <summary className="btn btn-ghost btn-danger">Leave this workspace</summary>
        <div className="confirm">
          <p>
            <strong>Leave {team.name}?</strong> You lose access at once; the codes you made stay
            here. Coming back takes a new invitation.
          </p>
          <Form method="post">
            <TabFormFields workspaceId={team.workspaceId} intent="leave" />
            <button type="submit" className="btn btn-danger-solid">
              Leave {team.name}
            </button>
          </Form>
        </div>
      </details>
    );
  }
  if (!team.canTransfer) return null;
  return (
    <section className="card" aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">Ownership</h2>
      <p className="muted small">
        You own this workspace, and its plan is yours. To leave it, first hand it to another member:
        they become the owner, with their plan, and you an admin.
      </p>
      {others.length === 0 ? (
        <p className="muted small">Invite someone first.</p>
      ) : (
        <details className="inline-details">
          <summary className="btn btn-ghost">Transfer ownership</summary>
          <Form method="post" className="inline-form">
            <TabFormFields workspaceId={team.workspaceId} intent="transfer" />
            <label htmlFor="new-owner">New owner</label>
            <select id="new-owner" name="member" required>
              {others.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} ({member.role})
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-danger-solid">
              Transfer ownership
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}

function DeleteWorkspace({ team }: { team: TeamTabData }) {
  return (
    <section className="card" aria-labelledby="delete-workspace-heading">
      <h2 id="delete-workspace-heading">Delete this workspace</h2>
      <p className="muted small">
        Deleting {team.name} removes its saved codes with their analytics, its members&rsquo;
        access, pending invitations and activity, for good. Printed tracked codes of this workspace
        will say the code was deleted.
      </p>
      <details className="inline-details">
        <summary className="btn btn-ghost btn-danger">Delete workspace</summary>
        <Form method="post" className="inline-form">
          <TabFormFields workspaceId={team.workspaceId} intent="delete-workspace" />
          <label htmlFor="delete-workspace-confirm">
            Type <strong>{team.storedName}</strong> to confirm
          </label>
          <input
            id="delete-workspace-confirm"
            name="confirm"
            required
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="btn btn-danger-solid">
            Delete {team.name} for good
          </button>
        </Form>
      </details>
    </section>
  );
}

function AuditLog({ audit }: { audit: NonNullable<TeamTabData["audit"]> }) {
  const page = (n: number) => `/dashboard?tab=team&page=${n}`;
  return (
    <section className="card" aria-labelledby="audit-heading">
      <h2 id="audit-heading">Activity</h2>
      {audit.entries.length === 0 ? (
        <p className="muted">Nothing has happened here yet.</p>
      ) : (
        <ol className="audit-log">
          {audit.entries.map((entry) => (
            <li key={entry.id}>
              {entry.text} ·{" "}
              <time dateTime={entry.at} title={utc(entry.at)} className="muted">
                {entry.ago}
              </time>
            </li>
          ))}
        </ol>
      )}
      {audit.pages > 1 ? (
        <nav className="pager" aria-label="More activity">
          <span className="muted small">
            Page {audit.page} of {audit.pages}
          </span>
          {audit.page > 1 ? (
            <Link to={page(audit.page - 1)} className="btn btn-ghost">
              Newer
            </Link>
          ) : null}
          {audit.page < audit.pages ? (
            <Link to={page(audit.page + 1)} className="btn btn-ghost">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function CreateWorkspace() {
  // The user menu's "Create a team workspace" opens it (?create=1), with and without JavaScript.
  const [params] = useSearchParams();
  return (
    <details
      className="inline-details card"
      id="create-workspace"
      open={params.get("create") === "1" || undefined}
    >
      <summary className="btn btn-ghost">Create a team workspace</summary>
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="create-workspace" />
        <label htmlFor="new-workspace-name">Name of the new workspace</label>
        <input id="new-workspace-name" name="name" required maxLength={WORKSPACE_NAME_MAX} />
        <button type="submit" className="btn btn-primary">
          Create workspace
        </button>
      </Form>
      <p className="muted small">
        You own it, and its plan is yours; you can switch to it from your menu.
      </p>
    </details>
  );
}

export function TeamTab({ team }: { team: TeamTabData }) {
  return (
    <div className="team" aria-labelledby="team-heading" role="region">
      {team.canCreateWorkspace ? <CreateWorkspace /> : null}
      <Summary team={team} />
      {team.security ? <SecurityPolicies security={team.security} /> : null}
      {/* Members may be invited into a personal workspace too: its policy applies to them. */}
      <TwoFactorPolicy workspaceId={team.workspaceId} policy={team.twoFactorPolicy} />
      {team.invite ? <Invite team={team} invite={team.invite} /> : null}
      <Members team={team} />
      <Invitations team={team} />
      <YourMembership team={team} />
      {team.audit ? <AuditLog audit={team.audit} /> : null}
      {team.canDelete ? <DeleteWorkspace team={team} /> : null}
    </div>
  );
}
