import { Form, Link } from "react-router";
import type { PolicyView } from "../../security/workspace-policy.server";
import { TabFormFields } from "./tab-form-fields";

// The Team tab's "Require two-factor sign-in" (issue #31, Ultimate): one checkbox and a button,
// a plain form posting to /dashboard. Members see whether it is on; owners and admins change it.

export function TwoFactorPolicy({
  workspaceId,
  policy,
}: {
  workspaceId: string;
  policy: PolicyView;
}) {
  const { requireTwoFactor, canManage, planAllows, youHaveIt } = policy;
  return (
    <section className="card" aria-labelledby="two-factor-policy-heading">
      <h2 id="two-factor-policy-heading">Two-factor sign-in</h2>
      <p>
        Two-factor sign-in is <strong>{requireTwoFactor ? "required" : "not required"}</strong> in
        this workspace.{" "}
        {requireTwoFactor
          ? "Members without it are asked to set it up before they can enter. API keys keep working."
          : null}
      </p>
      {canManage && (planAllows || requireTwoFactor) ? (
        <Form method="post" className="inline-form">
          <TabFormFields workspaceId={workspaceId} intent="two-factor-policy" />
          <label className="check">
            <input type="checkbox" name="requireTwoFactor" defaultChecked={requireTwoFactor} />{" "}
            Require two-factor sign-in from every member
          </label>
          <button type="submit" className="btn btn-primary">
            Save security policy
          </button>
          {!youHaveIt && !requireTwoFactor ? (
            <p className="muted small">
              Turn on <Link to="/account#two-factor">two-factor sign-in for your account</Link>{" "}
              first, so that the policy does not lock you out.
            </p>
          ) : null}
        </Form>
      ) : null}
      {canManage && !planAllows && !requireTwoFactor ? (
        <p className="muted small">
          Requiring two-factor sign-in comes with the Ultimate plan.{" "}
          <Link to="/pricing">Compare plans</Link>
        </p>
      ) : null}
    </section>
  );
}
