import { scanValueName } from "../analytics/names";
import { useLocale, useT } from "../i18n/i18n";
import type { DailyActivity } from "../models/qr-codes.server";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 12;

/**
 * Scans and downloads per day as an SVG drawn on the server: readable without JavaScript, with a
 * text summary for screen readers.
 */
export function ActivityChart({ days }: { days: DailyActivity[] }) {
  const t = useT();
  const { code } = useLocale();
  const number = new Intl.NumberFormat(code);
  const dayLabel = new Intl.DateTimeFormat(code, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  const max = Math.max(1, ...days.map((d) => Math.max(d.downloads, d.scans)));
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(1, days.length - 1);
  const y = (n: number) => HEIGHT - PAD - (n * (HEIGHT - 2 * PAD)) / max;
  const line = (key: "downloads" | "scans") =>
    days.map((d, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)} ${y(d[key]).toFixed(1)}`).join("");
  const totals = days.reduce(
    (sum, d) => ({ downloads: sum.downloads + d.downloads, scans: sum.scans + d.scans }),
    { downloads: 0, scans: 0 },
  );
  const first = days[0];
  const last = days[days.length - 1];
  const summary = t("dashboard.chart.summary", {
    days: days.length,
    scans: totals.scans,
    downloads: totals.downloads,
    max,
  });
  return (
    <figure className="card chart">
      <figcaption>
        <strong>{t("dashboard.chart.title", { days: days.length })}</strong>
        <span className="chart-legend">
          <span className="legend-scans">{t("dashboard.chart.scans")}</span>
          <span className="legend-downloads">{t("dashboard.chart.downloads")}</span>
        </span>
      </figcaption>
      {/* The numbers are HTML beside the drawing, so that they keep their size on a phone
          (text inside the SVG would shrink with it to about 6 px). */}
      <div className="chart-scale" aria-hidden="true">
        {number.format(max)}
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="chart-svg">
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={HEIGHT - PAD}
          y2={HEIGHT - PAD}
          className="chart-axis"
        />
        <path d={line("downloads")} className="chart-downloads" />
        <path d={line("scans")} className="chart-scans" />
      </svg>
      {first && last ? (
        <div className="chart-dates" aria-hidden="true">
          <span>{dayLabel.format(first.day)}</span>
          <span>{dayLabel.format(last.day)}</span>
        </div>
      ) : null}
    </figure>
  );
}

/** "Scans by country" and "by device" as short ranked lists. */
export function Breakdown({
  title,
  dimension,
  rows,
}: {
  title: string;
  dimension: "country" | "device";
  rows: { name: string; scans: number }[];
}) {
  const t = useT();
  const { code } = useLocale();
  const number = new Intl.NumberFormat(code);
  return (
    <div className="card breakdown">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted small">{t("dashboard.breakdown.none")}</p>
      ) : (
        <ol>
          {rows.map((row) => (
            <li key={row.name}>
              <span>{scanValueName(t, code, dimension, row.name)}</span>{" "}
              <strong>{number.format(row.scans)}</strong>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
