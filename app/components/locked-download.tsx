import { Link } from "react-router";
import { useT } from "../i18n/i18n";

/**
 * A download format the plan does not include, shown as such (issue #29 item 11): a locked button
 * marked "Premium" and the reason beside it with the way to the plans, never a link to a refusal.
 * The lock is drawn, not an emoji, so it shows on systems without an emoji font.
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
  const t = useT();
  return (
    <span className="download-locked">
      <span className="btn btn-ghost is-locked" aria-disabled="true" aria-describedby={id}>
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
          className="icon lock-icon"
        >
          <path
            fill="currentColor"
            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
          />
        </svg>{" "}
        {label} <span className="plan-badge">Premium</span>
      </span>
      <span id={id} className="small muted">
        {message} <Link to={upgradeHref}>{t("generator.seePlans")}</Link>
      </span>
    </span>
  );
}
