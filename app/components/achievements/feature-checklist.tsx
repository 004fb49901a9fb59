import { useT } from "../../i18n/i18n";
import { TRACKED_FEATURES } from "../../achievements/features";
import { useStoredProgress } from "./progress-store";

/**
 * The features a new visitor should find, ticked as they use them. What was used is known only
 * to this browser, and only JavaScript can tick it: without JavaScript the list is hidden
 * ("needs-js") rather than showing "0 found" forever. It stays in the server's HTML so that the
 * page does not shift when the scripts arrive.
 */
export function FeatureChecklist() {
  const t = useT();
  const { featuresUsed } = useStoredProgress();
  const found = TRACKED_FEATURES.filter(({ id }) => featuresUsed.includes(id)).length;
  return (
    <div className="container needs-js">
      <details className="card checklist">
        <summary>
          <span className="checklist-heading">{t("achievements.checklist.heading")}</span>
          <span className="checklist-count">
            {t("achievements.checklist.count", { found, total: TRACKED_FEATURES.length })}
          </span>
          <progress value={found} max={TRACKED_FEATURES.length} aria-hidden="true" />
        </summary>
        <ul className="checklist-items">
          {TRACKED_FEATURES.map(({ id }) => {
            const used = featuresUsed.includes(id);
            return (
              <li key={id} className={used ? "checklist-item found" : "checklist-item"}>
                <span className="checklist-mark" aria-hidden="true">
                  {used ? "✓" : ""}
                </span>
                {t(`achievements.feature.${id}`)}
                <span className="sr-only">
                  {" "}
                  {used ? t("achievements.checklist.found") : t("achievements.checklist.notFound")}
                </span>
              </li>
            );
          })}
        </ul>
      </details>
    </div>
  );
}
