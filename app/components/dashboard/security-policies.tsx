import { Form, Link } from "react-router";
import type { TeamTabData } from "../../dashboard/team-tab.server";
import { SESSION_LIMITS } from "../../workspaces/session-limit";
import { TabFormFields } from "./tab-form-fields";

// The Team tab's "Security" card (issue #31): the workspace's session-length limit, set by its
// owner and admins on Ultimate; everyone else reads it. A plain form: works without JavaScript.

type Security = NonNullable<TeamTabData["security"]>;

export function SecurityPolicies({ security }: { security: Security }) {
  const canSet = security.manage && security.planAllows;
  return (
    <section className="card" aria-labelledby="security-heading" id="security">
      <h2 id="security-heading">Security</h2>
      <p className="muted small">
        <strong>Session length limit: {security.label}.</strong> Members who signed in longer ago
        than this must sign in again before they enter this workspace.
      </p>
      {security.manage ? (
        <Form method="post" action="/dashboard?tab=team#security" className="inline-form">
          <TabFormFields workspaceId={security.workspaceId} intent="session-limit" />
          <label htmlFor="session-limit">Session length limit</label>
          <select id="session-limit" name="limit" defaultValue={security.value}>
            {SESSION_LIMITS.map((option) => (
              <option
                key={option.value}
                value={option.value}
                disabled={!canSet && option.seconds !== null}
              >
                {option.label}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-primary">
            Save limit
          </button>
        </Form>
      ) : null}
      {security.manage && !security.planAllows ? (
        <p className="muted small">
          Setting a limit comes with the {security.planName} plan.{" "}
          <Link to="/pricing">Compare plans</Link>
        </p>
      ) : null}
    </section>
  );
}
