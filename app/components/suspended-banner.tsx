import { Link } from "react-router";
import { SUPPORT_PATH } from "../workspaces/suspension";

/**
 * On every page while the current workspace is suspended (issue #31): why, and where to ask.
 * The other workspaces stay one click away in the user menu.
 */
export function SuspendedBanner({ message }: { message: string }) {
  return (
    <div className="suspended-banner" role="region" aria-label="Workspace suspended">
      <div className="container suspended-banner-inner">
        <p>
          <strong>{message}</strong> You can still look at its codes, and switch to your other
          workspaces from the menu.
        </p>
        <Link to={SUPPORT_PATH} className="btn btn-ghost">
          Contact support
        </Link>
      </div>
    </div>
  );
}
