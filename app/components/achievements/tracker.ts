import { type CreatedCode, parseProgress, recordUsage } from "../../achievements/activity";
import { achievementValues } from "../../achievements/definitions";
import type { Action } from "../../achievements/features";
import type { Translate } from "../../i18n/i18n";
import { iconForPoints } from "../../achievements/icons";
import { unlockEarned } from "../../achievements/rules";
import type { Toast } from "../toast";
import { ACHIEVEMENT_UNLOCKED_EVENT, readProgressJson, writeProgress } from "./progress-store";

/** The spec's achievement toast lasts 5 s (section 4). */
const UNLOCK_TOAST_MS = 5000;

/**
 * Records that `action` was used, stores what it unlocks and announces each unlock once: a
 * toast with its emoji, and an "achievement-unlocked" event for the panels.
 */
export function track(
  action: Action,
  code: CreatedCode | undefined,
  toast: (toast: Toast) => void,
  t: Translate,
) {
  const before = parseProgress(readProgressJson());
  const recorded = recordUsage(before, action, code);
  if (recorded === before) return;
  const { progress, unlocked } = unlockEarned(recorded, new Date());
  writeProgress(progress);
  for (const achievement of unlocked) {
    toast({
      title: t("achievements.toast.title", {
        icon: iconForPoints(achievement.points),
        title: t(`achievements.${achievement.id}.title`),
      }),
      description: t("achievements.toast.description", {
        description: t(`achievements.${achievement.id}.description`, achievementValues()),
        points: achievement.points,
      }),
      variant: "success",
      duration: UNLOCK_TOAST_MS,
      queued: true,
    });
    window.dispatchEvent(new CustomEvent(ACHIEVEMENT_UNLOCKED_EVENT, { detail: achievement.id }));
  }
}
