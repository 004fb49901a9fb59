import { TabFormFields } from "./tab-form-fields";
import { Form, Link, useSearchParams } from "react-router";
import type { TeamTabData } from "../../dashboard/team-tab.server";
import { WORKSPACE_NAME_MAX } from "../../workspaces/team-forms";
import { ASSIGNABLE_ROLES } from "../../workspaces/roles";
import { Trans, type Translate, useLocale, useT } from "../../i18n/i18n";
import { CopyButton } from "../copy-button";
import { FormattedDate } from "../formatted-date";
import { SecurityPolicies } from "./security-policies";
import { TwoFactorPolicy } from "./two-factor-policy";

// The dashboard's Team tab: plain forms posting to /dashboard (intent=…), confirmations in native
// <details>, so that all of it works without JavaScript.

type Member = TeamTabData["members"][number];

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** "Admin", in the page's language. */
const roleName = (t: Translate, role: string) => t(`team.role.${role}`);

/** The role badge: the role's name in capitals, the page's language's way. */
function RoleBadge({ role }: { role: string }) {
  const t = useT();
  const { code } = useLocale();
  return <span className="badge">{roleName(t, role).toLocaleUpperCase(code)}</span>;
}

function Summary({ team }: { team: TeamTabData }) {
  const t = useT();
  return (
    <div className="card team-summary">
      <h2 id="team-heading">{team.name}</h2>
      <p>
        <strong>{t("team.seats", { used: team.seats.used, limit: team.seats.limit })}</strong>{" "}
        <span className="muted">
          ·{" "}
          {team.role === "owner"
            ? t("team.plan", { plan: team.planName })
            : t("team.planOf", { plan: team.planName, owner: team.ownerName })}
        </span>
      </p>
      <p className="muted small">{t(`team.youAre.${team.role}`)}</p>
      {team.ownWorkspace ? <p className="muted small">{t("team.personal")}</p> : null}
      {team.canRename ? (
        <details className="inline-details">
          <summary className="btn btn-ghost">{t("team.rename.open")}</summary>
          <Form method="post" className="inline-form">
            <TabFormFields workspaceId={team.workspaceId} intent="rename-workspace" />
            <label htmlFor="workspace-name">{t("team.rename.label")}</label>
            <input
              id="workspace-name"
              name="name"
              defaultValue={team.storedName}
              required
              maxLength={WORKSPACE_NAME_MAX}
            />
            <button type="submit" className="btn btn-primary">
              {t("team.rename.submit")}
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

function InviteLink({ link }: { link: { email: string; url: string } }) {
  const t = useT();
  return (
    <div className="notice notice-success invite-link">
      <label htmlFor="invite-link">{t("team.inviteLink.label", { email: link.email })}</label>
      <p className="small">{t("team.inviteLink.once")}</p>
      <div className="share-row">
        <input id="invite-link" type="text" readOnly value={link.url} />
        <CopyButton
          text={link.url}
          label={t("team.inviteLink.copy")}
          copiedTitle={t("team.inviteLink.copied")}
        />
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
  const t = useT();
  return (
    <section className="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">{t("team.invite.title")}</h2>
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
            <label htmlFor="invite-email">{t("team.invite.email")}</label>
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
            <legend>{t("team.invite.role")}</legend>
            {ASSIGNABLE_ROLES.map((role) => (
              <label key={role} className="role-choice">
                <input type="radio" name="role" value={role} defaultChecked={role === "editor"} />
                <span>
                  <strong>{roleName(t, role)}</strong>
                  <span className="muted small"> — {t(`team.role.${role}.description`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary">
            {t("team.invite.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

function MemberActions({ team, member }: { team: TeamTabData; member: Member }) {
  const t = useT();
  return (
    <div className="member-actions">
      {member.canChangeRole ? (
        <details className="inline-details">
          <summary className="btn btn-ghost">{t("team.member.changeRole")}</summary>
          <Form method="post" className="inline-form">
            <TabFormFields workspaceId={team.workspaceId} intent="change-role" />
            <input type="hidden" name="member" value={member.id} />
            <label htmlFor={`role-${member.id}`}>
              {t("team.member.roleFor", { name: member.name })}
            </label>
            <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
              {ASSIGNABLE_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`team.role.${role}.option`)}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-primary">
              {t("team.member.saveRole")}
            </button>
          </Form>
        </details>
      ) : null}
      {member.canRemove ? (
        <details className="inline-details">
          <summary className="btn btn-ghost btn-danger">{t("team.member.remove")}</summary>
          <div className="confirm">
            <p>
              <Trans
                id="team.member.removeConfirm"
                values={{ name: member.name }}
                components={{ 0: <strong /> }}
              />
            </p>
            <Form method="post">
              <TabFormFields workspaceId={team.workspaceId} intent="remove" />
              <input type="hidden" name="member" value={member.id} />
              <button type="submit" className="btn btn-danger-solid">
                {t("team.member.removeNamed", { name: member.name })}
              </button>
            </Form>
          </div>
        </details>
      ) : null}
    </div>
  );
}

function Members({ team }: { team: TeamTabData }) {
  const t = useT();
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">{t("team.members.title")}</h2>
      <ul className="member-list">
        {team.members.map((member) => (
          <li key={member.id} className="card member-item">
            <div className="member-main">
              <h3>
                {member.name}
                {member.you ? <span className="muted"> {t("team.members.you")}</span> : null}
              </h3>
              <p className="muted small">
                <RoleBadge role={member.role} /> {member.email} ·{" "}
                <Trans
                  id="team.members.joined"
                  components={{ 0: <FormattedDate value={member.joinedAt} /> }}
                />
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
  const t = useT();
  if (team.invitations.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">{t("team.invitations.title")}</h2>
      <ul className="member-list">
        {team.invitations.map((invitation) => (
          <li key={invitation.id} className="card member-item">
            <div className="member-main">
              <h3>{invitation.email}</h3>
              <p className="muted small">
                <RoleBadge role={invitation.role} /> ·{" "}
                <Trans
                  id="team.invitations.expires"
                  components={{
                    0: (
                      <time dateTime={invitation.expiresAt} title={utc(invitation.expiresAt)}>
                        {invitation.expiresIn}
                      </time>
                    ),
                  }}
                />
              </p>
            </div>
            <Form method="post">
              <TabFormFields workspaceId={team.workspaceId} intent="revoke" />
              <input type="hidden" name="invitation" value={invitation.id} />
              <button type="submit" className="btn btn-ghost btn-danger">
                <Trans
                  id="team.invitations.revoke"
                  values={{ email: invitation.email }}
                  components={{ 0: <span className="sr-only" /> }}
                />
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
  const t = useT();
  const others = team.members.filter((member) => !member.you);
  if (team.canLeave) {
    return (
      <details className="inline-details card">
        <summary className="btn btn-ghost btn-danger">{t("team.leave.open")}</summary>
        <div className="confirm">
          <p>
            <Trans
              id="team.leave.confirm"
              values={{ name: team.name }}
              components={{ 0: <strong /> }}
            />
          </p>
          <Form method="post">
            <TabFormFields workspaceId={team.workspaceId} intent="leave" />
            <button type="submit" className="btn btn-danger-solid">
              {t("team.leave.submit", { name: team.name })}
            </button>
          </Form>
        </div>
      </details>
    );
  }
  if (!team.canTransfer) return null;
  return (
    <section className="card" aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">{t("team.transfer.title")}</h2>
      <p className="muted small">{t("team.transfer.text")}</p>
      {others.length === 0 ? (
        <p className="muted small">{t("team.transfer.inviteFirst")}</p>
      ) : (
        <details className="inline-details">
          <summary className="btn btn-ghost">{t("team.transfer.submit")}</summary>
          <Form method="post" className="inline-form">
            <TabFormFields workspaceId={team.workspaceId} intent="transfer" />
            <label htmlFor="new-owner">{t("team.transfer.newOwner")}</label>
            <select id="new-owner" name="member" required>
              {others.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} ({t(`team.role.${member.role}.option`)})
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-danger-solid">
              {t("team.transfer.submit")}
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}

function DeleteWorkspace({ team }: { team: TeamTabData }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="delete-workspace-heading">
      <h2 id="delete-workspace-heading">{t("team.delete.title")}</h2>
      <p className="muted small">{t("team.delete.text", { name: team.name })}</p>
      <details className="inline-details">
        <summary className="btn btn-ghost btn-danger">{t("team.delete.open")}</summary>
        <Form method="post" className="inline-form">
          <TabFormFields workspaceId={team.workspaceId} intent="delete-workspace" />
          <label htmlFor="delete-workspace-confirm">
            <Trans
              id="team.delete.confirm"
              values={{ name: team.storedName }}
              components={{ 0: <strong /> }}
            />
          </label>
          <input
            id="delete-workspace-confirm"
            name="confirm"
            required
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="btn btn-danger-solid">
            {t("team.delete.submit", { name: team.name })}
          </button>
        </Form>
      </details>
    </section>
  );
}

function AuditLog({ audit }: { audit: NonNullable<TeamTabData["audit"]> }) {
  const t = useT();
  const page = (n: number) => `/dashboard?tab=team&page=${n}`;
  return (
    <section className="card" aria-labelledby="audit-heading">
      <h2 id="audit-heading">{t("team.audit.title")}</h2>
      {audit.entries.length === 0 ? (
        <p className="muted">{t("team.audit.none")}</p>
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
        <nav className="pager" aria-label={t("team.audit.more")}>
          <span className="muted small">
            {t("team.audit.page", { page: audit.page, pages: audit.pages })}
          </span>
          {audit.page > 1 ? (
            <Link to={page(audit.page - 1)} className="btn btn-ghost">
              {t("team.audit.newer")}
            </Link>
          ) : null}
          {audit.page < audit.pages ? (
            <Link to={page(audit.page + 1)} className="btn btn-ghost">
              {t("team.audit.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function CreateWorkspace() {
  // The user menu's "Create a team workspace" opens it (?create=1), with and without JavaScript.
  const t = useT();
  const [params] = useSearchParams();
  return (
    <details
      className="inline-details card"
      id="create-workspace"
      open={params.get("create") === "1" || undefined}
    >
      <summary className="btn btn-ghost">{t("team.create.open")}</summary>
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="create-workspace" />
        <label htmlFor="new-workspace-name">{t("team.create.label")}</label>
        <input id="new-workspace-name" name="name" required maxLength={WORKSPACE_NAME_MAX} />
        <button type="submit" className="btn btn-primary">
          {t("team.create.submit")}
        </button>
      </Form>
      <p className="muted small">{t("team.create.hint")}</p>
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
