import { Link } from "react-router";
import { workspacePath } from "../../staff/lookup";
import type { WorkspaceFacts } from "../../staff/lookup.server";
import { FormattedDate } from "../formatted-date";

/** What staff see of a workspace at a glance (lookup results and its own page). */
export function WorkspaceFactList({ workspace }: { workspace: WorkspaceFacts }) {
  return (
    <dl className="staff-facts">
      <dt>Owner</dt>
      <dd>{workspace.ownerEmail}</dd>
      <dt>Plan</dt>
      <dd>{workspace.plan}</dd>
      <dt>Members</dt>
      <dd>{workspace.members}</dd>
      <dt>Codes</dt>
      <dd>{workspace.codes}</dd>
      <dt>Domains</dt>
      <dd>
        {workspace.domains.length === 0
          ? "None"
          : workspace.domains.map((d) => `${d.hostname} (${d.status})`).join(", ")}
      </dd>
      <dt>Created</dt>
      <dd>
        <FormattedDate value={workspace.createdAt} />
      </dd>
      <dt>State</dt>
      <dd>
        {workspace.suspension ? (
          <strong className="staff-suspended">
            Suspended since <FormattedDate value={workspace.suspension.at} time />:{" "}
            {workspace.suspension.reason}
          </strong>
        ) : (
          "Active"
        )}
      </dd>
    </dl>
  );
}

export function WorkspaceCard({ workspace }: { workspace: WorkspaceFacts }) {
  return (
    <li className="staff-card">
      <h3>
        <Link to={workspacePath(workspace.id)}>{workspace.name}</Link>{" "}
        <span className="muted small">{workspace.id}</span>
      </h3>
      <WorkspaceFactList workspace={workspace} />
    </li>
  );
}
