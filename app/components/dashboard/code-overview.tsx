import { Link } from "react-router";
import { scanValueName } from "../../analytics/names";
import type { CodeOverview, DownloadChoice } from "../../dashboard/code-overview.server";
import { Trans, useLocale, useT } from "../../i18n/i18n";
import { CopyButton } from "../copy-button";
import { LockedDownload } from "../locked-download";

// The top of a code's page (issue #29 item 8): its image drawn from its saved design with the
// downloads in every format (a format the plan lacks is shown locked, with why), its short link
// with Copy (without JavaScript, selectable text), its content and design in words, and its scans.

/** Counts written the page's way ("1 234" in French). */
function useNumber() {
  const { code } = useLocale();
  const format = new Intl.NumberFormat(code);
  return (value: number) => format.format(value);
}

function Download({ choice, upgradeHref }: { choice: DownloadChoice; upgradeHref: string }) {
  const t = useT();
  if (choice.href) {
    return (
      <li>
        <a className="btn btn-ghost" href={choice.href} download>
          {t("code.downloads.download", { format: choice.label })}
        </a>
      </li>
    );
  }
  return (
    <li>
      <LockedDownload
        id={`locked-${choice.format}`}
        label={choice.label}
        message={choice.locked ?? ""}
        upgradeHref={upgradeHref}
      />
    </li>
  );
}

export function CodeImage({
  overview,
  upgradeHref,
}: {
  overview: CodeOverview;
  upgradeHref: string;
}) {
  const t = useT();
  return (
    <div className="card code-image-card">
      {overview.image.src ? (
        <img className="code-image" src={overview.image.src} alt={overview.image.alt} />
      ) : (
        <p className="notice notice-error">
          {t("code.image.problem", { problem: overview.image.problem })}
        </p>
      )}
      <h2 id="downloads">{t("code.downloads.title")}</h2>
      <ul className="code-downloads">
        {overview.downloads.map((choice) => (
          <Download key={choice.format} choice={choice} upgradeHref={upgradeHref} />
        ))}
      </ul>
      <p className="small muted">{t("code.downloads.count", { count: overview.downloadCount })}</p>
    </div>
  );
}

export function ShortLink({ link }: { link: string }) {
  const t = useT();
  return (
    <p className="short-link">
      <span>{t("code.shortLink.label")}</span>{" "}
      <code className="destination-url" dir="ltr">
        {link}
      </code>{" "}
      <CopyButton text={link} label={t("code.shortLink.copy")} />
    </p>
  );
}

function Lines({ lines }: { lines: [string, string][] }) {
  return (
    <dl className="code-facts">
      {lines.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ContentSummary({ overview }: { overview: CodeOverview }) {
  const t = useT();
  return (
    <>
      <h2>{t("code.content.title")}</h2>
      <div className="card">
        <p className="small muted">
          {overview.typeLabel} ·{" "}
          {t(overview.dynamic ? "code.content.dynamic" : "code.content.static")}
        </p>
        <Lines lines={overview.content} />
      </div>
    </>
  );
}

export function DesignSummary({ overview }: { overview: CodeOverview }) {
  const t = useT();
  return (
    <>
      <h2>{t("code.design.title")}</h2>
      <div className="card">
        <Lines lines={overview.design} />
      </div>
    </>
  );
}

function Breakdown({
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
  const number = useNumber();
  return (
    <div>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="small muted">{t("code.scans.none")}</p>
      ) : (
        <ol className="code-breakdown">
          {rows.map((row) => (
            <li key={row.name}>
              {scanValueName(t, code, dimension, row.name)}: {number(row.scans)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function ScanSummary({
  overview,
  upgradeHref,
  codeId,
}: {
  overview: CodeOverview;
  upgradeHref: string;
  /** The code's id, for its link to the full Analytics view. */
  codeId?: number;
}) {
  const t = useT();
  const number = useNumber();
  const scans = overview.scans;
  return (
    <>
      <h2>{t("code.scans.title")}</h2>
      <div className="card">
        {!scans ? (
          <p className="muted">{t("code.scans.static")}</p>
        ) : (
          <>
            {scans.counted ? null : (
              <p className="notice notice-warning">
                <Trans id="code.scans.notCounted" components={{ 0: <Link to={upgradeHref} /> }} />
              </p>
            )}
            <dl className="scan-totals">
              <div>
                <dt>{t("code.scans.all")}</dt>
                <dd>{number(scans.total)}</dd>
              </div>
              <div>
                <dt>{t("code.scans.last7")}</dt>
                <dd>{number(scans.last7)}</dd>
              </div>
              <div>
                <dt>{t("code.scans.last30")}</dt>
                <dd>{number(scans.last30)}</dd>
              </div>
            </dl>
            <div className="code-breakdowns">
              <Breakdown
                title={t("code.scans.countries")}
                dimension="country"
                rows={scans.countries}
              />
              <Breakdown title={t("code.scans.devices")} dimension="device" rows={scans.devices} />
            </div>
            {scans.counted && codeId ? (
              <p>
                <Link to={`/dashboard/analytics?code=${codeId}`}>{t("code.scans.full")}</Link>
              </p>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
