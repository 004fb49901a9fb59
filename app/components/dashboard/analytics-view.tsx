import { useEffect, useId, useMemo } from "react";
import { Link, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { scanValueName } from "../../analytics/names";
import type { Interval } from "../../analytics/series";
import { MAX_COMPARED, RANGES } from "../../analytics/view";
import type { AnalyticsReport, AnalyticsView } from "../../dashboard/analytics-view.server";
import type { loader as rootLoader } from "../../root";
import { type Translate, Trans, useLocale, useT } from "../../i18n/i18n";
import { browserTimeZone } from "../formatted-date";
import { PremiumAnalytics } from "./analytics-tab";

// The Analytics view (issue #30): a GET form (range, time zone, code, codes to compare) and what it
// asks for, drawn on the server as SVG with every number also in a table, so that it reads the
// same without JavaScript, to a screen reader and in the CSV.

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 12;

/**
 * The page's Intl formats: numbers, the chart's axis dates, weekday names and hours. Tables keep
 * the ISO dates (the same in every language, and the CSV's).
 */
function useFormats() {
  const { code } = useLocale();
  return useMemo(() => {
    const number = new Intl.NumberFormat(code);
    const day = new Intl.DateTimeFormat(code, { month: "short", day: "numeric", timeZone: "UTC" });
    const month = new Intl.DateTimeFormat(code, {
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    const weekday = new Intl.DateTimeFormat(code, { weekday: "short", timeZone: "UTC" });
    const hour = new Intl.DateTimeFormat(code, {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "UTC",
    });
    // 2024-01-01 was a Monday: the grid's rows run Monday to Sunday (ISO 8601).
    const weekdays = Array.from({ length: 7 }, (_, i) => weekday.format(Date.UTC(2024, 0, 1 + i)));
    return {
      number: (n: number) => number.format(n),
      weekdays,
      hour: (h: number) => hour.format(Date.UTC(2024, 0, 1, h)),
      /** A bucket's label ("2026-11-03", "2026-11", "2026-11-03T09:00") on the chart's axis. */
      axis: (label: string, interval: Interval) => {
        const at = Date.parse(
          interval === "month" ? `${label}-01T00:00Z` : `${label.slice(0, 10)}T00:00Z`,
        );
        if (Number.isNaN(at)) return label;
        return interval === "month" ? month.format(at) : day.format(at);
      },
    };
  }, [code]);
}

const intervalHeading = (t: Translate, interval: Interval) =>
  t(`dashboard.analytics.interval.${interval}`);

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
  interval,
}: {
  title: string;
  description: string;
  lines: Line[];
  labels: string[];
  interval: Interval;
}) {
  const id = useId();
  const format = useFormats();
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
        {format.number(max)}
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
          <span>{format.axis(labels[0]!, interval)}</span>
          <span>{format.axis(labels[labels.length - 1]!, interval)}</span>
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
  const t = useT();
  const format = useFormats();
  const { series, query, totals } = report;
  const heading = intervalHeading(t, query.interval);
  return (
    <section className="card analytics-section" aria-labelledby="over-time">
      <h2 id="over-time">{t("dashboard.analytics.overTime")}</h2>
      <LineChart
        title={t(`dashboard.analytics.overTime.title.${query.interval}`, {
          from: query.from,
          to: query.to,
        })}
        description={t(`dashboard.analytics.overTime.description.${query.interval}`, {
          scans: totals.scans,
          uniques: totals.uniques,
          count: series.length,
          max: Math.max(0, ...series.map((b) => b.scans)),
          zone: query.timeZone,
        })}
        labels={series.map((bucket) => bucket.start)}
        interval={query.interval}
        lines={[
          { name: t("dashboard.analytics.scans"), values: series.map((bucket) => bucket.scans) },
          {
            name: t("dashboard.analytics.uniques"),
            values: series.map((bucket) => bucket.uniques),
          },
        ]}
      />
      <details>
        <summary>{t("dashboard.analytics.showTable")}</summary>
        <Scroll label={t("dashboard.analytics.overTime.table")}>
          <table className="analytics-table">
            <thead>
              <tr>
                <th scope="col">{heading}</th>
                <th scope="col">{t("dashboard.analytics.scans")}</th>
                <th scope="col">{t("dashboard.analytics.uniques")}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row">{bucket.start}</th>
                  <td>{format.number(bucket.scans)}</td>
                  <td>{format.number(bucket.uniques)}</td>
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
  const t = useT();
  const { code } = useLocale();
  const format = useFormats();
  return (
    <section className="analytics-breakdowns" aria-label={t("dashboard.analytics.breakdowns")}>
      {report.breakdowns.map((breakdown) => {
        const max = Math.max(1, ...breakdown.rows.map((row) => row.scans));
        return (
          <div key={breakdown.dimension} className="card breakdown">
            <h2>{t(`dashboard.analytics.breakdown.${breakdown.dimension}`)}</h2>
            {breakdown.rows.length === 0 ? (
              <p className="muted small">{t("dashboard.analytics.noScans")}</p>
            ) : (
              <table className="analytics-table bar-table">
                <thead>
                  <tr>
                    <th scope="col">{t(`dashboard.analytics.dimension.${breakdown.dimension}`)}</th>
                    <th scope="col">{t("dashboard.analytics.scans")}</th>
                  </tr>
                </thead>
                <tbody>
                  {breakdown.rows.map((row) => (
                    <tr key={row.name}>
                      <th scope="row">{scanValueName(t, code, breakdown.dimension, row.name)}</th>
                      <td>
                        <span className="bar-cell">
                          <span className="bar" style={{ width: `${(row.scans / max) * 100}%` }} />
                          <span>{format.number(row.scans)}</span>
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

function WeekGrid({ report }: { report: AnalyticsReport }) {
  const t = useT();
  const format = useFormats();
  const { weekdays, hour: hourLabel } = format;
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
      ? t("dashboard.analytics.noScans")
      : t("dashboard.analytics.week.summary", {
          day: weekdays[busiest.day],
          hour: hourLabel(busiest.hour),
          count: busiest.scans,
          zone: query.timeZone,
        });
  return (
    <section className="card analytics-section" aria-labelledby="busiest-hours">
      <h2 id="busiest-hours">{t("dashboard.analytics.week.heading")}</h2>
      <p className="muted small">{summary}</p>
      <Scroll label={t("dashboard.analytics.week.label")}>
        <svg
          viewBox={`0 0 ${LEFT + 24 * CELL} ${TOP + 7 * CELL}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="chart-svg heat-grid"
        >
          <title id={`${id}-title`}>{t("dashboard.analytics.week.title")}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {[0, 6, 12, 18].map((hour) => (
            <text key={hour} x={LEFT + hour * CELL} y={TOP - 6} className="heat-label">
              {hourLabel(hour)}
            </text>
          ))}
          {week.map((hours, day) => (
            <g key={day}>
              <text x={0} y={TOP + day * CELL + CELL - 5} className="heat-label">
                {weekdays[day]}
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
                  <title>
                    {t("dashboard.analytics.week.cell", {
                      day: weekdays[day],
                      hour: hourLabel(hour),
                      count: scans,
                    })}
                  </title>
                </rect>
              ))}
            </g>
          ))}
        </svg>
      </Scroll>
      <details>
        <summary>{t("dashboard.analytics.showTable")}</summary>
        <Scroll label={t("dashboard.analytics.week.table")}>
          <table className="analytics-table heat-table">
            <thead>
              <tr>
                <th scope="col">{t("dashboard.analytics.interval.hour")}</th>
                {weekdays.map((day) => (
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
                    <td key={day}>{format.number(hours[hour]!)}</td>
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
  const t = useT();
  const format = useFormats();
  const { compared, query } = report;
  const labels = compared[0]?.series.map((bucket) => bucket.start) ?? [];
  return (
    <section className="card analytics-section" aria-labelledby="comparison">
      <h2 id="comparison">{t("dashboard.analytics.compared")}</h2>
      <LineChart
        title={t(`dashboard.analytics.compared.title.${query.interval}`, {
          count: compared.length,
        })}
        description={compared
          .map((code) =>
            t("dashboard.analytics.compared.code", {
              title: code.label,
              scans: format.number(code.series.reduce((sum, bucket) => sum + bucket.scans, 0)),
            }),
          )
          .join("; ")}
        labels={labels}
        interval={query.interval}
        lines={compared.map((code) => ({
          name: code.label,
          values: code.series.map((bucket) => bucket.scans),
        }))}
      />
      <Scroll label={t("dashboard.analytics.compared.table")}>
        <table className="analytics-table">
          <thead>
            <tr>
              <th scope="col">{intervalHeading(t, query.interval)}</th>
              {compared.map((code) => (
                <th key={code.id} scope="col">
                  {code.label}{" "}
                  <span className="muted small">{t("dashboard.analytics.compared.columns")}</span>
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
                    {format.number(code.series[index]!.scans)} /{" "}
                    {format.number(code.series[index]!.uniques)}
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
  const t = useT();
  const { typed } = view;
  const zones = view.zones.includes(typed.timeZone) ? view.zones : [typed.timeZone, ...view.zones];
  return (
    <form method="get" action="/dashboard/analytics" className="card analytics-form">
      <div className="analytics-fields">
        <div className="field">
          <label htmlFor="range">{t("dashboard.analytics.form.range")}</label>
          <select id="range" name="range" defaultValue={typed.range}>
            {RANGES.map((range) => (
              <option key={range} value={range}>
                {t(`dashboard.analytics.range.${range}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="from">{t("dashboard.analytics.form.from")}</label>
          <input id="from" name="from" type="date" defaultValue={typed.from} />
        </div>
        <div className="field">
          <label htmlFor="to">{t("dashboard.analytics.form.to")}</label>
          <input id="to" name="to" type="date" defaultValue={typed.to} />
        </div>
        <div className="field">
          <label htmlFor="tz">{t("dashboard.analytics.form.zone")}</label>
          <select id="tz" name="tz" defaultValue={typed.timeZone} aria-describedby="tz-hint">
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="code">{t("dashboard.analytics.form.codes")}</label>
          <select id="code" name="code" defaultValue={typed.codeId}>
            <option value="">{t("dashboard.analytics.form.allCodes")}</option>
            {view.codes.map((code) => (
              <option key={code.id} value={code.id}>
                {code.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id="tz-hint" className="field-hint">
        {t("dashboard.analytics.form.zoneHint")}
      </p>
      {view.codes.length >= 2 ? (
        <details className="analytics-compare" open={typed.compare.length > 0 || undefined}>
          <summary>{t("dashboard.analytics.form.compare")}</summary>
          <fieldset>
            <legend>{t("dashboard.analytics.form.compareLegend", { max: MAX_COMPARED })}</legend>
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
        {t("dashboard.analytics.form.show")}
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
  const t = useT();
  const format = useFormats();
  const report = view.report;
  useBrowserZone(view.typed.timeZone);
  return (
    <section className="container analytics-view">
      <p>
        <Link to={report?.code ? `/dashboard/codes/${report.code.id}` : "/dashboard"}>
          {report?.code
            ? t("dashboard.analytics.backTo", { title: report.code.label })
            : t("dashboard.analytics.back")}
        </Link>
      </p>
      <h1>
        {report?.code
          ? t("dashboard.analytics.titleOf", { title: report.code.label })
          : t("dashboard.analytics.title")}
      </h1>
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
              <Trans
                id="dashboard.analytics.summary"
                values={{
                  from: report.query.from,
                  to: report.query.to,
                  zone: report.query.timeZone,
                }}
                components={{ 0: <strong />, 1: <strong />, 2: <strong /> }}
              />
            </p>
            <a href={report.csvHref} className="btn btn-ghost" download>
              {t("dashboard.analytics.csv")}
            </a>
          </div>
          <dl className="stat-cards analytics-totals">
            <div className="card stat-card">
              <dt className="muted small">{t("dashboard.analytics.scans")}</dt>
              <dd>{format.number(report.totals.scans)}</dd>
            </div>
            <div className="card stat-card">
              <dt className="muted small">{t("dashboard.analytics.uniques")}</dt>
              <dd>{format.number(report.totals.uniques)}</dd>
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
