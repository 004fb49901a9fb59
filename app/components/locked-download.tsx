import { Link } from "react-router";

/**
 * A download format the plan does not include, shown as such (issue #29 item 11): a locked button
 * marked "Premium" and the reason beside it with the way to the plans, never a link to a refusal.
 */
export function LockedDownload({
  id,
  label,
  message,
  upgradeHref,
}: {
  id: string;
  label: string;
  message: string;
  upgradeHref: string;
}) {
  return (
    <span className="download-locked">
      <span className="btn btn-ghost is-locked" aria-disabled="true" aria-describedby={id}>
        <span aria-hidden="true">🔒</span> {label} <span className="plan-badge">Premium</span>
      </span>
      <span id={id} className="small muted">
        {message} <Link to={upgradeHref}>See plans</Link>
      </span>
    </span>
  );
}
