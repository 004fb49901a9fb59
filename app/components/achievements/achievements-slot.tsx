import { useT } from "../../i18n/i18n";
import { lazy, Suspense } from "react";
import { useHydrated } from "../use-hydrated";

const AchievementsPanel = lazy(() => import("./achievements-panel"));

/**
 * Where the achievements panel goes. Its data lives in this browser only, so without JavaScript
 * there is nothing to show and nothing is rendered; with it the panel's code loads after the page
 * is interactive, off the critical path. `collapsed` folds it into a <details>.
 */
export function AchievementsSlot({ collapsed = false }: { collapsed?: boolean }) {
  const t = useT();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const panel = (
    <Suspense fallback={null}>
      <AchievementsPanel />
    </Suspense>
  );
  if (!collapsed) return panel;
  // After an account's first week the dashboard folds them away under the codes (issue #29).
  return (
    <details className="achievements-fold">
      <summary className="btn btn-ghost">{t("achievements.heading")}</summary>
      {panel}
    </details>
  );
}
