import { Form, Link } from "react-router";
import type { TeamTabData } from "../../dashboard/team-tab.server";
import { SESSION_LIMITS } from "../../workspaces/session-limit";
import { TabFormFields } from "./tab-form-fields";
import { Trans, useT } from "../../i18n/i18n";

// The Team tab's "Security" card (issue #31): the workspace's session-length limit, set by its
// owner and admins on Ultimate; everyone else reads it. A plain form: works without JavaScript.

type Security = NonNullable<TeamTabData["security"]>;

export function SecurityPolicies({ security }: { security: Security }) {
  const t = useT();
  const canSet = security.manage && security.planAllows;
  // A stored limit the form no longer offers keeps the server's (English) words.
  const known = SESSION_LIMITS.find((option) => option.label === security.label);
  const label = known ? t(`team.security.limit.${known.value}`) : security.label;
  return (
    <section className="card" aria-labelledby="security-heading" id="security">
      <h2 id="security-heading">{t("team.security.title")}</h2>
      <p className="muted small">
        <Trans id="team.security.current" values={{ label }} components={{ 0: <strong /> }} />
      </p>
      {security.manage ? (
        <Form method="post" action="/dashboard?tab=team#security" className="inline-form">
          <TabFormFields workspaceId={security.workspaceId} intent="session-limit" />
          <label htmlFor="session-limit">{t("team.security.label")}</label>
          <select id="session-limit" name="limit" defaultValue={security.value}>
            {SESSION_LIMITS.map((option) => (
              <option
                key={option.value}
                value={option.value}
                disabled={!canSet && option.seconds !== null}
              >
                {t(`team.security.limit.${option.value}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-primary">
            {t("team.security.submit")}
          </button>
        </Form>
      ) : null}
      {security.manage && !security.planAllows ? (
        <p className="muted small">
          {t("team.security.plan", { plan: security.planName })}{" "}
          <Link to="/pricing">{t("team.comparePlans")}</Link>
        </p>
      ) : null}
    </section>
  );
}
