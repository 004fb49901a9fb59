import type { StoredProgress } from "./activity";
import { ACHIEVEMENTS, type AchievementDefinition, CATEGORIES, type Category } from "./definitions";
import { TRACKED_FEATURES } from "./features";
import { iconForPoints } from "./icons";

/** An achievement as the panel shows it (spec section 3). */
export interface Achievement extends AchievementDefinition {
  icon: string;
  unlocked: boolean;
  /** ISO time; null while locked. */
  unlockedAt: string | null;
}

/** The numbers the panel shows (spec section 3); the stored activity rides along. */
export interface Progress {
  achievements: Achievement[];
  totalPoints: number;
  unlockedCount: number;
  totalCount: number;
  categoryProgress: Record<Category, { unlocked: number; total: number }>;
  /** Newest first. */
  recentUnlocks: Achievement[];
  qrCount: number;
  typesUsed: StoredProgress["typesUsed"];
  featuresUsed: StoredProgress["featuresUsed"];
}

const RECENT_UNLOCKS = 3;

/** Tracked features found; premium-only actions (an SVG download) are not on the checklist. */
export function trackedFeaturesFound(progress: StoredProgress): number {
  return TRACKED_FEATURES.filter(({ id }) => progress.featuresUsed.includes(id)).length;
}

function isMet(achievement: AchievementDefinition, progress: StoredProgress): boolean {
  const requirement = achievement.requirement;
  switch (requirement.kind) {
    case "codes":
      return progress.qrCount >= requirement.count;
    case "types":
      return progress.typesUsed.length >= requirement.count;
    case "actions":
      return requirement.actions.every((action) => progress.featuresUsed.includes(action));
    case "feature-share":
      // 80% of 8 is 6.4 features: a share that is not a whole feature needs the next one (7).
      return (
        trackedFeaturesFound(progress) >=
        Math.ceil((TRACKED_FEATURES.length * requirement.percent) / 100)
      );
    case "achievements":
      return (
        Object.keys(progress.unlocked).filter((id) => id !== achievement.id).length >=
        requirement.count
      );
  }
}

/**
 * Unlocks what `progress` now earns and was not unlocked before; each achievement unlocks once,
 * ever. Repeats until nothing changes, since unlocking can earn an achievement for achievements.
 */
export function unlockEarned(
  progress: StoredProgress,
  now: Date,
): { progress: StoredProgress; unlocked: AchievementDefinition[] } {
  const unlocked: AchievementDefinition[] = [];
  let current = progress;
  for (;;) {
    const earned = ACHIEVEMENTS.filter(
      (achievement) => !(achievement.id in current.unlocked) && isMet(achievement, current),
    );
    if (earned.length === 0) return { progress: current, unlocked };
    const at = now.toISOString();
    current = {
      ...current,
      unlocked: {
        ...current.unlocked,
        ...Object.fromEntries(earned.map(({ id }) => [id, at])),
      },
    };
    unlocked.push(...earned);
  }
}

/** The panel's view of `progress`. */
export function summarize(progress: StoredProgress): Progress {
  const achievements: Achievement[] = ACHIEVEMENTS.map((definition) => {
    const unlockedAt = progress.unlocked[definition.id] ?? null;
    return {
      ...definition,
      icon: iconForPoints(definition.points),
      unlocked: unlockedAt !== null,
      unlockedAt,
    };
  });
  const unlocked = achievements.filter((achievement) => achievement.unlocked);
  const categoryProgress = Object.fromEntries(
    CATEGORIES.map((category) => {
      const inCategory = achievements.filter((achievement) => achievement.category === category);
      return [
        category,
        {
          unlocked: inCategory.filter((achievement) => achievement.unlocked).length,
          total: inCategory.length,
        },
      ];
    }),
  ) as Progress["categoryProgress"];
  return {
    achievements,
    totalPoints: unlocked.reduce((sum, achievement) => sum + achievement.points, 0),
    unlockedCount: unlocked.length,
    totalCount: achievements.length,
    categoryProgress,
    recentUnlocks: [...unlocked]
      .sort((a, b) => b.unlockedAt!.localeCompare(a.unlockedAt!))
      .slice(0, RECENT_UNLOCKS),
    qrCount: progress.qrCount,
    typesUsed: progress.typesUsed,
    featuresUsed: progress.featuresUsed,
  };
}
