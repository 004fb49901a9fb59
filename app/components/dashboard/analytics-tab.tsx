import { Link } from "react-router";
import type { AnalyticsTabData } from "../../dashboard/analytics-tab.server";
import { AchievementsSlot } from "../achievements/achievements-slot";
import { AnalyticsViewed } from "../achievements/analytics-viewed";
import { ActivityChart, Breakdown } from "../activity-chart";
import { CodeList } from "./code-list";

// The dashboard's Analytics tab: totals, the workspace's codes (app/components/dashboard/
// code-list.tsx), then the activity chart and the achievements, so that the codes are on the
// first screen (issue #29).

function StatCards({ loaded }: { loaded: AnalyticsTabData }) {
  const cards = [
    ["Total QR Codes", loaded.totals.totalQRCodes],
    ["Total Downloads", loaded.totals.totalDownloads],
    ["Total Scans", loaded.totals.totalScans],
    ["Engagement Rate", `${loaded.engagement}%`],
  ] as const;
  return (
    <ul className="stat-cards" aria-label="Totals">
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
  return (
    <div className="card empty-state">
      <h2>Analytics is a Premium Feature</h2>
      <p className="muted">
        See downloads, scans and engagement for every code with Premium or Ultimate.
      </p>
      <div className="dashboard-actions">
        <Link to="/pricing" className="btn btn-primary">
          Upgrade to Premium
        </Link>
        <Link to="/dashboard?tab=plans" className="btn btn-ghost">
          View My Plan
        </Link>
      </div>
    </div>
  );
}

export function AnalyticsTab({ loaded }: { loaded: AnalyticsTabData }) {
  return (
    <div className="analytics-tab">
      {loaded.analytics ? <StatCards loaded={loaded} /> : null}
      <CodeList loaded={loaded} />
      {loaded.analytics ? null : <PremiumAnalytics />}
      {loaded.activity ? <ActivityChart days={loaded.activity} /> : null}
      {loaded.analytics ? (
        <p>
          <Link to="/dashboard/analytics" className="btn btn-ghost">
            Full analytics
          </Link>{" "}
          <span className="muted small">
            Date ranges, time zones, places, devices, busiest hours, codes compared, CSV.
          </span>
        </p>
      ) : null}
      {loaded.breakdown ? (
        <div className="breakdowns">
          <Breakdown title="Scans by country" rows={loaded.breakdown.countries} />
          <Breakdown title="Scans by device" rows={loaded.breakdown.devices} />
        </div>
      ) : null}
      <AnalyticsViewed withData={loaded.analytics} />
      <AchievementsSlot collapsed={!loaded.achievementsOpen} />
    </div>
  );
}
