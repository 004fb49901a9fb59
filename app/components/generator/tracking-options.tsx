import { useId } from "react";
import { Trans, useT } from "../../i18n/i18n";
import { TRIAL_DAYS } from "../../plans/catalogue";
import { countsScans } from "../../plans/rules";
import { useAuth } from "../auth/auth-state";

/**
 * The choices that make a saved code dynamic: counting scans through a short link, and which
 * domain that link lives on. Only URL codes of plans that count scans can be tracked.
 */
export function TrackingOptions({
  query,
  linkDomains,
  origin,
  defaultChecked = false,
}: {
  query: string | null;
  linkDomains: { id: string; hostname: string }[];
  origin: string;
  /** Ticked again after a save, a refusal or a sign-up that came with it (issue #29). */
  defaultChecked?: boolean;
}) {
  const { user } = useAuth();
  const domainId = useId();
  const t = useT();
  // A visitor may choose it too: it comes with them through sign-up, which then starts the
  // Premium trial that saves it (issue #29 item 2).
  const canTrack =
    (user === null || countsScans(user.plan)) &&
    new URLSearchParams(query ?? "").get("type") === "url";
  if (!canTrack) return null;
  return (
    <>
      <label className="checkbox">
        <input type="checkbox" name="trackScans" defaultChecked={defaultChecked} />{" "}
        {/* One piece of text beside the box, however the language splits it. */}
        <span>
          <Trans id="generator.track.label" components={{ 0: <strong /> }} />
        </span>
      </label>
      {user === null ? (
        <p className="muted small">{t("generator.track.trial", { days: TRIAL_DAYS })}</p>
      ) : null}
      {linkDomains.length > 0 ? (
        <div className="field">
          <label htmlFor={domainId}>{t("generator.track.domain")}</label>
          <select id={domainId} name="linkDomain" defaultValue="">
            <option value="">{t("generator.track.ours", { host: new URL(origin).host })}</option>
            {linkDomains.map((domain) => (
              <option key={domain.id} value={domain.id}>
                {domain.hostname}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}
