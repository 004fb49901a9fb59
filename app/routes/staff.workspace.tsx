import { data, Link } from "react-router";
import { FormattedDate } from "../components/formatted-date";
import { Result } from "../components/result";
import { StaffNav } from "../components/staff/staff-nav";
import { LiftForm, SuspendForm } from "../components/staff/suspension-form";
import { WorkspaceFactList } from "../components/staff/workspace-facts";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { requireStaff } from "../staff/access.server";
import { workspacePath } from "../staff/lookup";
import { staffWorkspaceAction, staffWorkspacePage } from "../staff/workspace-page.server";
import staffCss from "../styles/staff.css?url";
import type { Route } from "./+types/staff.workspace";

// A workspace as staff see it (issue #31): its facts, members, domains and the staff actions
// taken on it, read-only; and the form that suspends it or lifts its suspension.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: staffCss, precedence: "page" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  await requireStaff(context);
  const page = await staffWorkspacePage(createDatabase(), params.id, new Date());
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(context);
  return staffWorkspaceAction(request, createDatabase(), staff, params.id, new Date());
}

export const meta = ({ loaderData: page }: Route.MetaArgs) => [
  ...pageMeta(page ? page.workspace.name : "Workspace", "A workspace, as staff see it."),
  { name: "robots", content: "noindex" },
];

export default function StaffWorkspace({ loaderData: page, actionData }: Route.ComponentProps) {
  const { workspace, members, audit } = page;
  const path = workspacePath(workspace.id);
  return (
    <section className="container staff">
      <StaffNav />
      <p>
        <Link to="/staff/lookup">← Lookup</Link>
      </p>
      <header className="page-header">
        <h1>{workspace.name}</h1>
        <p className="muted">
          {workspace.id}
          {workspace.personal ? " · personal workspace" : ""}
        </p>
      </header>
      <WorkspaceFactList workspace={workspace} />

      <Result
        as="section"
        answer={actionData}
        className="card staff-suspension"
        aria-labelledby="suspension"
      >
        <h2 id="suspension">{workspace.suspension ? "Suspended" : "Suspend"}</h2>
        {actionData?.message ? (
          <p className="notice notice-error" role="alert">
            {actionData.message}
          </p>
        ) : null}
        {workspace.suspension ? (
          <>
            <p>
              Its short links show “This link is unavailable”, its API keys and webhooks stop, and
              its members cannot change or download anything. Lifting restores everything as it was,
              and e-mails the owner and admins.
            </p>
            <LiftForm action={path} />
          </>
        ) : (
          <>
            <p>
              Stops its short links, API keys, webhooks, bulk jobs and downloads, and refuses every
              change by its members, who see the reason. Nothing is deleted.
            </p>
            <SuspendForm action={path} lastResult={actionData?.result} />
          </>
        )}
      </Result>

      <section aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.email}>
                <td>
                  <Link to={`/staff/lookup?q=${encodeURIComponent(member.email)}`}>
                    {member.email}
                  </Link>
                </td>
                <td>{member.role}</td>
                <td>
                  <FormattedDate value={member.since} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="audit-heading">
        <h2 id="audit-heading">Staff actions on this workspace</h2>
        {audit.length === 0 ? (
          <p className="muted">None yet.</p>
        ) : (
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {audit.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <FormattedDate value={entry.at} time />
                  </td>
                  <td>{entry.staff}</td>
                  <td>{entry.action}</td>
                  <td>{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}
