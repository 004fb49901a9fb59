import { lazy, Suspense } from "react";
import { useHydrated } from "../use-hydrated";

const AchievementsPanel = lazy(() => import("./achievements-panel"));

/**
 * Where the achievements panel goes. Its data lives in this browser only, so without JavaScript
 * there is nothing to show and nothing is rendered; with it the panel's code loads after the page
 * is interactive, off the critical path.
 */
export function AchievementsSlot() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <AchievementsPanel />
    </Suspense>
  );
}
