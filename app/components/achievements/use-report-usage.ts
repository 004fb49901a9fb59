import { useT } from "../../i18n/i18n";
import { useCallback } from "react";
import type { CreatedCode } from "../../achievements/activity";
import type { Action } from "../../achievements/features";
import { useToast } from "../toast";

// The rules load on first use, not with the page: the home page's JavaScript is heavy enough.
const loadTracker = () => import("./tracker");

/** Fetches the achievement rules while the visitor reads, so that the first action is quick. */
export function preloadUsageTracker() {
  void loadTracker().catch(() => undefined);
}

/**
 * Reports that the visitor used a feature (with the code it created, for downloads and saves);
 * the checklist ticks it and achievements it earns unlock.
 */
export function useReportUsage(): (action: Action, code?: CreatedCode) => void {
  const toast = useToast();
  const t = useT();
  return useCallback(
    (action, code) => {
      loadTracker().then(
        ({ track }) => track(action, code, toast, t),
        // Achievements are a nicety: a failed load must not disturb what the visitor is doing.
        () => undefined,
      );
    },
    [toast, t],
  );
}
