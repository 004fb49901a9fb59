import { Trans, useLocale, useT } from "../../i18n/i18n";
import { useMemo, useState } from "react";
import { achievementValues, CATEGORIES, type Category } from "../../achievements/definitions";
import { type Achievement, summarize } from "../../achievements/rules";
import { Tabs } from "./achievement-tabs";
import { useStoredProgress } from "./progress-store";
import { FormattedDate } from "../formatted-date";

type Filter = Category | "all";
const FILTERS: readonly Filter[] = ["all", ...CATEGORIES];

function AchievementCard({ achievement }: { achievement: Achievement }) {
  const t = useT();
  return (
    <li className={`card achievement${achievement.unlocked ? " unlocked" : ""}`}>
      <span className="achievement-icon" aria-hidden="true">
        {achievement.unlocked ? achievement.icon : "🔒"}
      </span>
      <div>
        <h4>{t(`achievements.${achievement.id}.title`)}</h4>
        <p className="muted small">
          {t(`achievements.${achievement.id}.description`, achievementValues())}
        </p>
        <p className="small achievement-meta">
          <strong>{t("achievements.points", { count: achievement.points })}</strong> ·{" "}
          {achievement.unlockedAt ? (
            <Trans
              id="achievements.unlockedOn"
              components={{ 0: <FormattedDate value={achievement.unlockedAt} /> }}
            />
          ) : (
            t("achievements.locked")
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
  const t = useT();
  const { code } = useLocale();
  const number = new Intl.NumberFormat(code);
  const tabs = FILTERS.map((id) => ({ id, label: t(`achievements.category.${id}`) }));
  const shown = progress.achievements.filter(
    (achievement) => filter === "all" || achievement.category === filter,
  );
  const done = progress.unlockedCount / progress.totalCount;
  return (
    <section id="achievements" className="achievements" aria-labelledby="achievements-heading">
      <div className="card achievements-card">
        <h2 id="achievements-heading">{t("achievements.heading")}</h2>
        <dl className="achievement-stats">
          <div>
            <dt>{t("achievements.stats.points")}</dt>
            <dd>{number.format(progress.totalPoints)}</dd>
          </div>
          <div>
            <dt>{t("achievements.stats.unlocked")}</dt>
            <dd>
              {number.format(progress.unlockedCount)}/{number.format(progress.totalCount)}
            </dd>
          </div>
          <div>
            <dt>{t("achievements.stats.complete")}</dt>
            <dd>
              {new Intl.NumberFormat(code, { style: "percent", maximumFractionDigits: 0 }).format(
                done,
              )}
            </dd>
          </div>
        </dl>
        <progress
          className="achievement-progress"
          value={Math.round(done * 100)}
          max={100}
          aria-hidden="true"
        />

        <h3>{t("achievements.byCategory")}</h3>
        <ul className="category-progress">
          {CATEGORIES.map((category) => {
            const { unlocked, total } = progress.categoryProgress[category];
            return (
              <li key={category}>
                <span>{t(`achievements.category.${category}`)}</span>
                <progress value={unlocked} max={total} aria-hidden="true" />
                <span className="muted small">
                  {t("achievements.categoryCount", { unlocked, total })}
                </span>
              </li>
            );
          })}
        </ul>

        <h3>{t("achievements.recent")}</h3>
        {progress.recentUnlocks.length ? (
          <ul className="recent-unlocks">
            {progress.recentUnlocks.map((achievement) => (
              <li key={achievement.id}>
                <span aria-hidden="true">{achievement.icon}</span>{" "}
                {t(`achievements.${achievement.id}.title`)}{" "}
                <span className="muted small">+{achievement.points}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">{t("achievements.recent.none")}</p>
        )}

        <Tabs
          label={t("achievements.categories")}
          tabs={tabs}
          selected={filter}
          onSelect={setFilter}
        >
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
