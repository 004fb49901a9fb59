import { Link } from "react-router";
import type { AnalyticsTabData } from "../../dashboard/analytics-tab.server";
import { AchievementsSlot } from "../achievements/achievements-slot";
import { AnalyticsViewed } from "../achievements/analytics-viewed";
import { ActivityChart, Breakdown } from "../activity-chart";
import { useLocale, useLocalePath, useT } from "../../i18n/i18n";
import { CodeList } from "./code-list";

// The dashboard's Analytics tab: totals, the workspace's codes (app/components/dashboard/
// code-list.tsx), then the activity chart and the achievements, so that the codes are on the
// first screen (issue #29).

function StatCards({ loaded }: { loaded: AnalyticsTabData }) {
  const t = useT();
  const { code } = useLocale();
  const number = new Intl.NumberFormat(code);
  const cards = [
    [t("dashboard.stats.codes"), number.format(loaded.totals.totalQRCodes)],
    [t("dashboard.stats.downloads"), number.format(loaded.totals.totalDownloads)],
    [t("dashboard.stats.scans"), number.format(loaded.totals.totalScans)],
    [
      t("dashboard.stats.engagement"),
      new Intl.NumberFormat(code, { style: "percent" }).format(loaded.engagement / 100),
    ],
  ] as const;
  return (
    <ul className="stat-cards" aria-label={t("dashboard.stats.label")}>
      {cards.map(([label, value]) => (
        <li key={label} className="card stat-card">
          <span className="muted small">{label}</span>
          <strong>{value}</strong>
        </li>
      ))}
    </ul>
  );
}

export function PremiumAnalytics() {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div className="card empty-state">
      <h2>{t("dashboard.premium.title")}</h2>
      <p className="muted">{t("dashboard.premium.body")}</p>
      <div className="dashboard-actions">
        <Link to={localePath("/pricing")} className="btn btn-primary">
          {t("dashboard.premium.upgrade")}
        </Link>
        <Link to="/dashboard?tab=plans" className="btn btn-ghost">
          {t("dashboard.premium.plan")}
        </Link>
      </div>
    </div>
  );
}

export function AnalyticsTab({ loaded }: { loaded: AnalyticsTabData }) {
  const t = useT();
  return (
    <div className="analytics-tab">
      {loaded.analytics ? <StatCards loaded={loaded} /> : null}
      <CodeList loaded={loaded} />
      {loaded.analytics ? null : <PremiumAnalytics />}
      {loaded.activity ? <ActivityChart days={loaded.activity} /> : null}
      {loaded.analytics ? (
        <p>
          <Link to="/dashboard/analytics" className="btn btn-ghost">
            {t("dashboard.fullAnalytics")}
          </Link>{" "}
          <span className="muted small">{t("dashboard.fullAnalytics.hint")}</span>
        </p>
      ) : null}
      {loaded.breakdown ? (
        <div className="breakdowns">
          <Breakdown
            title={t("dashboard.breakdown.country")}
            dimension="country"
            rows={loaded.breakdown.countries}
          />
          <Breakdown
            title={t("dashboard.breakdown.device")}
            dimension="device"
            rows={loaded.breakdown.devices}
          />
        </div>
      ) : null}
      <AnalyticsViewed withData={loaded.analytics} />
      <AchievementsSlot collapsed={!loaded.achievementsOpen} />
    </div>
  );
}
