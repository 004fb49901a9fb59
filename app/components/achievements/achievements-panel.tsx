import { useMemo, useState } from "react";
import { CATEGORIES, type Category } from "../../achievements/definitions";
import { type Achievement, summarize } from "../../achievements/rules";
import { Tabs } from "./achievement-tabs";
import { useStoredProgress } from "./progress-store";
import { FormattedDate } from "../formatted-date";

const CATEGORY_LABELS: Record<Category, string> = {
  creation: "Creation",
  customization: "Customization",
  premium: "Premium",
  exploration: "Exploration",
  milestone: "Milestone",
};

type Filter = Category | "all";
const TABS: readonly { id: Filter; label: string }[] = [
  { id: "all", label: "All" },
  ...CATEGORIES.map((category) => ({ id: category, label: CATEGORY_LABELS[category] })),
];

const percent = (part: number, whole: number) => Math.round((part / whole) * 100);

function AchievementCard({ achievement }: { achievement: Achievement }) {
  return (
    <li className={`card achievement${achievement.unlocked ? " unlocked" : ""}`}>
      <span className="achievement-icon" aria-hidden="true">
        {achievement.unlocked ? achievement.icon : "🔒"}
      </span>
      <div>
        <h4>{achievement.title}</h4>
        <p className="muted small">{achievement.description}</p>
        <p className="small achievement-meta">
          <strong>{achievement.points} points</strong> ·{" "}
          {achievement.unlockedAt ? (
            <>
              Unlocked <FormattedDate value={achievement.unlockedAt} />
            </>
          ) : (
            "Locked"
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * This browser's achievements (spec section 2): points, completion, progress per category,
 * recent unlocks and every achievement by category. It reads local storage, so it is loaded
 * and shown only once JavaScript runs.
 */
export default function AchievementsPanel() {
  const stored = useStoredProgress();
  const progress = useMemo(() => summarize(stored), [stored]);
  const [filter, setFilter] = useState<Filter>("all");
  const shown = progress.achievements.filter(
    (achievement) => filter === "all" || achievement.category === filter,
  );
  const done = percent(progress.unlockedCount, progress.totalCount);
  return (
    <section id="achievements" className="achievements" aria-labelledby="achievements-heading">
      <div className="card achievements-card">
        <h2 id="achievements-heading">Achievements</h2>
        <dl className="achievement-stats">
          <div>
            <dt>Points</dt>
            <dd>{progress.totalPoints}</dd>
          </div>
          <div>
            <dt>Unlocked</dt>
            <dd>
              {progress.unlockedCount}/{progress.totalCount}
            </dd>
          </div>
          <div>
            <dt>Complete</dt>
            <dd>{done}%</dd>
          </div>
        </dl>
        <progress className="achievement-progress" value={done} max={100} aria-hidden="true" />

        <h3>By category</h3>
        <ul className="category-progress">
          {CATEGORIES.map((category) => {
            const { unlocked, total } = progress.categoryProgress[category];
            return (
              <li key={category}>
                <span>{CATEGORY_LABELS[category]}</span>
                <progress value={unlocked} max={total} aria-hidden="true" />
                <span className="muted small">
                  {unlocked} of {total}
                </span>
              </li>
            );
          })}
        </ul>

        <h3>Recent unlocks</h3>
        {progress.recentUnlocks.length ? (
          <ul className="recent-unlocks">
            {progress.recentUnlocks.map((achievement) => (
              <li key={achievement.id}>
                <span aria-hidden="true">{achievement.icon}</span> {achievement.title}{" "}
                <span className="muted small">+{achievement.points}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">Nothing yet: create and download your first code.</p>
        )}

        <Tabs label="Achievement categories" tabs={TABS} selected={filter} onSelect={setFilter}>
          <ul className="achievement-list">
            {shown.map((achievement) => (
              <AchievementCard key={achievement.id} achievement={achievement} />
            ))}
          </ul>
        </Tabs>
      </div>
    </section>
  );
}
