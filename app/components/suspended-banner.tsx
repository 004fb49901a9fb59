import { Link } from "react-router";
import { useT } from "../i18n/i18n";
import { SUPPORT_PATH } from "../workspaces/suspension";

/**
 * On every page while the current workspace is suspended (issue #31): why, and where to ask.
 * The other workspaces stay one click away in the user menu.
 */
export function SuspendedBanner({ message }: { message: string }) {
  const t = useT();
  return (
    <div className="suspended-banner" role="region" aria-label={t("common.suspended.label")}>
      <div className="container suspended-banner-inner">
        <p>
          <strong>{message}</strong> {t("common.suspended.more")}
        </p>
        <Link to={SUPPORT_PATH} className="btn btn-ghost">
          {t("common.suspended.contact")}
        </Link>
      </div>
    </div>
  );
}
