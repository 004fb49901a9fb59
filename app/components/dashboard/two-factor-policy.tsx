import { Form, Link } from "react-router";
import type { PolicyView } from "../../security/workspace-policy.server";
import { TabFormFields } from "./tab-form-fields";
import { Trans, useT } from "../../i18n/i18n";

// The Team tab's "Require two-factor sign-in" (issue #31, Ultimate): one checkbox and a button,
// a plain form posting to /dashboard. Members see whether it is on; owners and admins change it.

export function TwoFactorPolicy({
  workspaceId,
  policy,
}: {
  workspaceId: string;
  policy: PolicyView;
}) {
  const t = useT();
  const { requireTwoFactor, canManage, planAllows, youHaveIt } = policy;
  return (
    <section className="card" aria-labelledby="two-factor-policy-heading">
      <h2 id="two-factor-policy-heading">{t("team.twoFactor.title")}</h2>
      <p>
        <Trans
          id={requireTwoFactor ? "team.twoFactor.required" : "team.twoFactor.notRequired"}
          components={{ 0: <strong /> }}
        />
        {requireTwoFactor ? ` ${t("team.twoFactor.requiredHint")}` : null}
      </p>
      {canManage && (planAllows || requireTwoFactor) ? (
        <Form method="post" className="inline-form">
          <TabFormFields workspaceId={workspaceId} intent="two-factor-policy" />
          <label className="check">
            <input type="checkbox" name="requireTwoFactor" defaultChecked={requireTwoFactor} />{" "}
            {t("team.twoFactor.require")}
          </label>
          <button type="submit" className="btn btn-primary">
            {t("team.twoFactor.submit")}
          </button>
          {!youHaveIt && !requireTwoFactor ? (
            <p className="muted small">
              <Trans
                id="team.twoFactor.yoursFirst"
                components={{ 0: <Link to="/account#two-factor" /> }}
              />
            </p>
          ) : null}
        </Form>
      ) : null}
      {canManage && !planAllows && !requireTwoFactor ? (
        <p className="muted small">
          {t("team.twoFactor.plan")} <Link to="/pricing">{t("team.comparePlans")}</Link>
        </p>
      ) : null}
    </section>
  );
}
