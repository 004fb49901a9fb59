import type { DailyActivity } from "../models/qr-codes.server";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 12;

const dayLabel = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * Scans and downloads per day as an SVG drawn on the server: readable without JavaScript, with a
 * text summary for screen readers.
 */
export function ActivityChart({ days }: { days: DailyActivity[] }) {
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
  const summary = `Last ${days.length} days: ${totals.scans} scans and ${totals.downloads} downloads, at most ${max} in a day.`;
  return (
    <figure className="card chart">
      <figcaption>
        <strong>Scans and downloads, last {days.length} days</strong>
        <span className="chart-legend">
          <span className="legend-scans">Scans</span>
          <span className="legend-downloads">Downloads</span>
        </span>
      </figcaption>
      {/* The numbers are HTML beside the drawing, so that they keep their size on a phone
          (text inside the SVG would shrink with it to about 6 px). */}
      <div className="chart-scale" aria-hidden="true">
        {max}
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
  rows,
}: {
  title: string;
  rows: { name: string; scans: number }[];
}) {
  return (
    <div className="card breakdown">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted small">No scans yet.</p>
      ) : (
        <ol>
          {rows.map((row) => (
            <li key={row.name}>
              <span>{row.name}</span> <strong>{row.scans}</strong>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
