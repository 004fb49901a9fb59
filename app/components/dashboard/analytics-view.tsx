import { useEffect, useId } from "react";
import { Link, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { MAX_COMPARED, RANGE_LABELS, RANGES, WEEKDAYS } from "../../analytics/view";
import type { AnalyticsReport, AnalyticsView } from "../../dashboard/analytics-view.server";
import type { loader as rootLoader } from "../../root";
import { browserTimeZone } from "../formatted-date";
import { PremiumAnalytics } from "./analytics-tab";

// The Analytics view (issue #30): a GET form (range, time zone, code, codes to compare) and what it
// asks for, drawn on the server as SVG with every number also in a table, so that it reads the
// same without JavaScript, to a screen reader and in the CSV.

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 12;

const INTERVAL_HEADING = { hour: "Hour", day: "Day", week: "Week starting", month: "Month" };

interface Line {
  name: string;
  values: number[];
}

/** Lines over the same buckets; the first is drawn in the primary colour, the rest after it. */
function LineChart({
  title,
  description,
  lines,
  labels,
}: {
  title: string;
  description: string;
  lines: Line[];
  labels: string[];
}) {
  const id = useId();
  const max = Math.max(1, ...lines.flatMap((line) => line.values));
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(1, labels.length - 1);
  const y = (n: number) => HEIGHT - PAD - (n * (HEIGHT - 2 * PAD)) / max;
  return (
    <>
      <div className="chart-legend analytics-legend">
        {lines.map((line, index) => (
          <span key={line.name} className={`legend-line legend-${index}`}>
            {line.name}
          </span>
        ))}
      </div>
      <div className="chart-scale" aria-hidden="true">
        {max}
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="chart-svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={HEIGHT - PAD}
          y2={HEIGHT - PAD}
          className="chart-axis"
        />
        {lines.map((line, index) => (
          <path
            key={line.name}
            className={`chart-line line-${index}`}
            d={line.values
              .map((n, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)} ${y(n).toFixed(1)}`)
              .join("")}
          />
        ))}
      </svg>
      {labels.length ? (
        <div className="chart-dates" aria-hidden="true">
          <span>{labels[0]}</span>
          <span>{labels[labels.length - 1]}</span>
        </div>
      ) : null}
    </>
  );
}

/** A table in a scrolling box that a keyboard can reach. */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function SeriesSection({ report }: { report: AnalyticsReport }) {
  const { series, query, totals } = report;
  const heading = INTERVAL_HEADING[query.interval];
  return (
    <section className="card analytics-section" aria-labelledby="over-time">
      <h2 id="over-time">Scans over time</h2>
      <LineChart
        title={`Scans and unique scans by ${query.interval}, ${query.from} to ${query.to}`}
        description={`${totals.scans} scans and ${totals.uniques} unique scans in ${series.length} ${query.interval}s, at most ${Math.max(0, ...series.map((b) => b.scans))} in one, times in ${query.timeZone}.`}
        labels={series.map((bucket) => bucket.start)}
        lines={[
          { name: "Scans", values: series.map((bucket) => bucket.scans) },
          { name: "Unique scans", values: series.map((bucket) => bucket.uniques) },
        ]}
      />
      <details>
        <summary>Show as a table</summary>
        <Scroll label="Scans over time as a table">
          <table className="analytics-table">
            <thead>
              <tr>
                <th scope="col">{heading}</th>
                <th scope="col">Scans</th>
                <th scope="col">Unique scans</th>
              </tr>
            </thead>
            <tbody>
              {series.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row">{bucket.start}</th>
                  <td>{bucket.scans}</td>
                  <td>{bucket.uniques}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </details>
    </section>
  );
}

function Breakdowns({ report }: { report: AnalyticsReport }) {
  return (
    <section className="analytics-breakdowns" aria-label="Where and on what">
      {report.breakdowns.map((breakdown) => {
        const max = Math.max(1, ...breakdown.rows.map((row) => row.scans));
        return (
          <div key={breakdown.dimension} className="card breakdown">
            <h2>{breakdown.title}</h2>
            {breakdown.rows.length === 0 ? (
              <p className="muted small">No scans in this range.</p>
            ) : (
              <table className="analytics-table bar-table">
                <thead>
                  <tr>
                    <th scope="col">{breakdown.dimension === "os" ? "OS" : breakdown.dimension}</th>
                    <th scope="col">Scans</th>
                  </tr>
                </thead>
                <tbody>
                  {breakdown.rows.map((row) => (
                    <tr key={row.name}>
                      <th scope="row">{row.name}</th>
                      <td>
                        <span className="bar-cell">
                          <span className="bar" style={{ width: `${(row.scans / max) * 100}%` }} />
                          <span>{row.scans}</span>
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        );
      })}
    </section>
  );
}

const CELL = 20;
const LEFT = 44;
const TOP = 22;
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function WeekGrid({ report }: { report: AnalyticsReport }) {
  const id = useId();
  const { week, query } = report;
  const max = Math.max(0, ...week.flat());
  let busiest = { day: 0, hour: 0, scans: 0 };
  week.forEach((hours, day) =>
    hours.forEach((scans, hour) => {
      if (scans > busiest.scans) busiest = { day, hour, scans };
    }),
  );
  const summary =
    max === 0
      ? "No scans in this range."
      : `The busiest hour is ${WEEKDAYS[busiest.day]} ${hourLabel(busiest.hour)} with ${busiest.scans} scans; darker squares are busier. Times in ${query.timeZone}.`;
  return (
    <section className="card analytics-section" aria-labelledby="busiest-hours">
      <h2 id="busiest-hours">Busiest hours of the week</h2>
      <p className="muted small">{summary}</p>
      <Scroll label="Busiest hours">
        <svg
          viewBox={`0 0 ${LEFT + 24 * CELL} ${TOP + 7 * CELL}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="chart-svg heat-grid"
        >
          <title id={`${id}-title`}>Scans by weekday and hour</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {[0, 6, 12, 18].map((hour) => (
            <text key={hour} x={LEFT + hour * CELL} y={TOP - 6} className="heat-label">
              {hourLabel(hour)}
            </text>
          ))}
          {week.map((hours, day) => (
            <g key={WEEKDAYS[day]}>
              <text x={0} y={TOP + day * CELL + CELL - 5} className="heat-label">
                {WEEKDAYS[day]}
              </text>
              {hours.map((scans, hour) => (
                <rect
                  key={hour}
                  x={LEFT + hour * CELL + 1}
                  y={TOP + day * CELL + 1}
                  width={CELL - 2}
                  height={CELL - 2}
                  rx={3}
                  className={scans ? "heat-cell" : "heat-cell heat-empty"}
                  fillOpacity={scans ? (0.15 + (0.85 * scans) / max).toFixed(2) : undefined}
                >
                  <title>{`${WEEKDAYS[day]} ${hourLabel(hour)}: ${scans} scans`}</title>
                </rect>
              ))}
            </g>
          ))}
        </svg>
      </Scroll>
      <details>
        <summary>Show as a table</summary>
        <Scroll label="Busiest hours as a table">
          <table className="analytics-table heat-table">
            <thead>
              <tr>
                <th scope="col">Hour</th>
                {WEEKDAYS.map((day) => (
                  <th key={day} scope="col">
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: 24 }, (_, hour) => (
                <tr key={hour}>
                  <th scope="row">{hourLabel(hour)}</th>
                  {week.map((hours, day) => (
                    <td key={WEEKDAYS[day]}>{hours[hour]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </details>
    </section>
  );
}

function Comparison({ report }: { report: AnalyticsReport }) {
  const { compared, query } = report;
  const labels = compared[0]?.series.map((bucket) => bucket.start) ?? [];
  return (
    <section className="card analytics-section" aria-labelledby="comparison">
      <h2 id="comparison">Codes compared</h2>
      <LineChart
        title={`Scans of ${compared.length} codes by ${query.interval}`}
        description={compared
          .map(
            (code) =>
              `${code.title}: ${code.series.reduce((sum, bucket) => sum + bucket.scans, 0)} scans`,
          )
          .join("; ")}
        labels={labels}
        lines={compared.map((code) => ({
          name: code.title,
          values: code.series.map((bucket) => bucket.scans),
        }))}
      />
      <Scroll label="Codes compared as a table">
        <table className="analytics-table">
          <thead>
            <tr>
              <th scope="col">{INTERVAL_HEADING[query.interval]}</th>
              {compared.map((code) => (
                <th key={code.id} scope="col">
                  {code.title} <span className="muted small">scans / unique</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {compared.map((code) => (
                  <td key={code.id}>
                    {code.series[index]!.scans} / {code.series[index]!.uniques}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </section>
  );
}

function ViewForm({ view }: { view: AnalyticsView }) {
  const { typed } = view;
  const zones = view.zones.includes(typed.timeZone) ? view.zones : [typed.timeZone, ...view.zones];
  return (
    <form method="get" action="/dashboard/analytics" className="card analytics-form">
      <div className="analytics-fields">
        <div className="field">
          <label htmlFor="range">Date range</label>
          <select id="range" name="range" defaultValue={typed.range}>
            {RANGES.map((range) => (
              <option key={range} value={range}>
                {RANGE_LABELS[range]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="from">From (custom dates)</label>
          <input id="from" name="from" type="date" defaultValue={typed.from} />
        </div>
        <div className="field">
          <label htmlFor="to">To (custom dates)</label>
          <input id="to" name="to" type="date" defaultValue={typed.to} />
        </div>
        <div className="field">
          <label htmlFor="tz">Time zone</label>
          <select id="tz" name="tz" defaultValue={typed.timeZone} aria-describedby="tz-hint">
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="code">QR codes</label>
          <select id="code" name="code" defaultValue={typed.codeId}>
            <option value="">All codes in this workspace</option>
            {view.codes.map((code) => (
              <option key={code.id} value={code.id}>
                {code.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id="tz-hint" className="field-hint">
        Time zone: scans are counted by the hour, so in zones 30 or 45 minutes off the hour (India,
        Nepal, parts of Australia) a day starts at the nearest whole hour.
      </p>
      {view.codes.length >= 2 ? (
        <details className="analytics-compare" open={typed.compare.length > 0 || undefined}>
          <summary>Compare codes</summary>
          <fieldset>
            <legend>Choose 2 to {MAX_COMPARED} codes to see side by side</legend>
            <div className="compare-choices">
              {view.codes.map((code) => (
                <label key={code.id} className="checkbox">
                  <input
                    type="checkbox"
                    name="compare"
                    value={code.id}
                    defaultChecked={typed.compare.includes(String(code.id))}
                  />{" "}
                  {code.title}
                </label>
              ))}
            </div>
          </fieldset>
        </details>
      ) : null}
      <button type="submit" className="btn btn-primary">
        Show
      </button>
    </form>
  );
}

/**
 * With JavaScript, a view asked for without a zone is shown in the browser's own (before its first
 * report in the tz cookie the server could only guess UTC).
 */
function useBrowserZone(shown: string) {
  const location = useLocation();
  const navigate = useNavigate();
  // A zone kept in the account settings is the viewer's choice, whatever the browser says.
  const saved = useRouteLoaderData<typeof rootLoader>("root")?.timeZoneSaved ?? false;
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const zone = browserTimeZone();
    if (saved || params.has("tz") || !zone || zone === shown) return;
    params.set("tz", zone);
    void navigate(`${location.pathname}?${params}`, { replace: true });
  }, [location, navigate, shown, saved]);
}

export function AnalyticsViewPage({ view }: { view: AnalyticsView }) {
  const report = view.report;
  useBrowserZone(view.typed.timeZone);
  return (
    <section className="container analytics-view">
      <p>
        <Link to={report?.code ? `/dashboard/codes/${report.code.id}` : "/dashboard"}>
          {report?.code ? `Back to ${report.code.title}` : "Back to the dashboard"}
        </Link>
      </p>
      <h1>{report?.code ? `Analytics: ${report.code.title}` : "Analytics"}</h1>
      {view.error ? (
        <p className="notice notice-error" role="alert">
          {view.error}
        </p>
      ) : null}
      {/* Keyed by the query: a new query (a client navigation) shows its own values. */}
      <ViewForm key={JSON.stringify(view.typed)} view={view} />
      {!view.allowed ? <PremiumAnalytics /> : null}
      {report ? (
        <>
          <div className="analytics-summary">
            <p>
              <strong>{report.query.from}</strong> to <strong>{report.query.to}</strong>, times in{" "}
              <strong>{report.query.timeZone}</strong>
            </p>
            <a href={report.csvHref} className="btn btn-ghost" download>
              Download CSV
            </a>
          </div>
          <dl className="stat-cards analytics-totals">
            <div className="card stat-card">
              <dt className="muted small">Scans</dt>
              <dd>{report.totals.scans}</dd>
            </div>
            <div className="card stat-card">
              <dt className="muted small">Unique scans</dt>
              <dd>{report.totals.uniques}</dd>
            </div>
          </dl>
          <SeriesSection report={report} />
          {report.compared.length ? <Comparison report={report} /> : null}
          <Breakdowns report={report} />
          <WeekGrid report={report} />
        </>
      ) : null}
    </section>
  );
}
