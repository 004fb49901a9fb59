import { useId } from "react";
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
        <strong>Dynamic code.</strong> Track scans and change the destination later (the code then
        points to a short link here that counts each scan and forwards to your address)
      </label>
      {user === null ? (
        <p className="muted small">
          Dynamic codes come with Premium: ticked, sign-up starts its {TRIAL_DAYS}-day free trial.
        </p>
      ) : null}
      {linkDomains.length > 0 ? (
        <div className="field">
          <label htmlFor={domainId}>Short link domain (for dynamic codes)</label>
          <select id={domainId} name="linkDomain" defaultValue="">
            <option value="">{new URL(origin).host} (ours)</option>
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
