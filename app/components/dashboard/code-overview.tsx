import { Link } from "react-router";
import type { CodeOverview, DownloadChoice } from "../../dashboard/code-overview.server";
import { CopyButton } from "../copy-button";
import { LockedDownload } from "../locked-download";

// The top of a code's page (issue #29 item 8): its image drawn from its saved design with the
// downloads in every format (a format the plan lacks is shown locked, with why), its short link
// with Copy (without JavaScript, selectable text), its content and design in words, and its scans.

function Download({ choice, upgradeHref }: { choice: DownloadChoice; upgradeHref: string }) {
  if (choice.href) {
    return (
      <li>
        <a className="btn btn-ghost" href={choice.href} download>
          Download {choice.label}
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
  return (
    <div className="card code-image-card">
      {overview.image.src ? (
        <img className="code-image" src={overview.image.src} alt={overview.image.alt} />
      ) : (
        <p className="notice notice-error">
          This design cannot be drawn as saved: {overview.image.problem}
        </p>
      )}
      <h2 id="downloads">Downloads</h2>
      <ul className="code-downloads">
        {overview.downloads.map((choice) => (
          <Download key={choice.format} choice={choice} upgradeHref={upgradeHref} />
        ))}
      </ul>
      <p className="small muted">
        Downloaded {overview.downloadCount} {overview.downloadCount === 1 ? "time" : "times"}.
      </p>
    </div>
  );
}

export function ShortLink({ link }: { link: string }) {
  return (
    <p className="short-link">
      <span>Printed short link:</span> <code className="destination-url">{link}</code>{" "}
      <CopyButton text={link} label="Copy link" />
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
  return (
    <>
      <h2>Content</h2>
      <div className="card">
        <p className="small muted">
          {overview.typeLabel} ·{" "}
          {overview.dynamic
            ? "Dynamic: the image holds the short link, so you can change where it leads."
            : "Static: the content itself is printed in the image."}
        </p>
        <Lines lines={overview.content} />
      </div>
    </>
  );
}

export function DesignSummary({ overview }: { overview: CodeOverview }) {
  return (
    <>
      <h2>Design</h2>
      <div className="card">
        <Lines lines={overview.design} />
      </div>
    </>
  );
}

function Breakdown({ title, rows }: { title: string; rows: { name: string; scans: number }[] }) {
  return (
    <div>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="small muted">None yet.</p>
      ) : (
        <ol className="code-breakdown">
          {rows.map((row) => (
            <li key={row.name}>
              {row.name}: {row.scans}
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
  const scans = overview.scans;
  return (
    <>
      <h2>Scans</h2>
      <div className="card">
        {!scans ? (
          <p className="muted">
            A static code leads straight to its content, so its scans cannot be counted. Codes made
            as dynamic codes count every scan.
          </p>
        ) : (
          <>
            {scans.counted ? null : (
              <p className="notice notice-warning">
                Scans are counted on Premium and Ultimate; the short link keeps working on every
                plan. <Link to={upgradeHref}>See plans</Link>
              </p>
            )}
            <dl className="scan-totals">
              <div>
                <dt>All scans</dt>
                <dd>{scans.total}</dd>
              </div>
              <div>
                <dt>Last 7 days</dt>
                <dd>{scans.last7}</dd>
              </div>
              <div>
                <dt>Last 30 days</dt>
                <dd>{scans.last30}</dd>
              </div>
            </dl>
            <div className="code-breakdowns">
              <Breakdown title="Top countries (30 days)" rows={scans.countries} />
              <Breakdown title="Top devices (30 days)" rows={scans.devices} />
            </div>
            {scans.counted && codeId ? (
              <p>
                <Link to={`/dashboard/analytics?code=${codeId}`}>Full analytics</Link>
              </p>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
