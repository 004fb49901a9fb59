import { Form, Link } from "react-router";
import { engagementRate } from "../../codes/engagement";
import type { AnalyticsTabData } from "../../dashboard/analytics-tab.server";
import { AchievementsSlot } from "../achievements/achievements-slot";
import { AnalyticsViewed } from "../achievements/analytics-viewed";
import { ActivityChart, Breakdown } from "../activity-chart";
import { CopyButton } from "../copy-button";
import { DestinationForm } from "./code-page";

// The dashboard's Analytics tab: totals, the activity chart, and the workspace's codes with what
// the member's role may do to them.

type SavedCode = AnalyticsTabData["codes"][number];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

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

function PremiumAnalytics() {
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

/** Share, rename and delete: for the roles that may change codes. */
function CodeManagement({ code, title }: { code: SavedCode; title: string }) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="id" value={code.id} />
        <input type="hidden" name="intent" value="visibility" />
        <input type="hidden" name="public" value={code.isPublic ? "false" : "true"} />
        <button type="submit" className="btn btn-ghost">
          {code.isPublic ? "Stop sharing" : "Share publicly"}
        </button>
      </Form>
      <details className="rename">
        <summary className="btn btn-ghost">Rename</summary>
        <Form method="post" className="rename-form">
          <input type="hidden" name="id" value={code.id} />
          <input type="hidden" name="intent" value="rename" />
          <label htmlFor={`title-${code.id}`} className="sr-only">
            New title for {title}
          </label>
          <input
            id={`title-${code.id}`}
            name="title"
            defaultValue={code.title ?? ""}
            required
            maxLength={120}
          />
          <button type="submit" className="btn btn-primary">
            Save title
          </button>
        </Form>
      </details>
      <Link
        to={`/dashboard?delete=${code.id}`}
        className="btn btn-ghost btn-danger"
        preventScrollReset
      >
        Delete
      </Link>
    </>
  );
}

/** Where a tracked website code leads, with the Edit destination form (issue #21). */
function Destination({
  code,
  canManage,
  destinations,
}: {
  code: SavedCode & { destination: string };
  canManage: boolean;
  destinations: AnalyticsTabData["destinations"];
}) {
  return (
    <div className="code-destination">
      <p className="muted small">
        Leads to <code className="destination-url">{code.destination}</code>
        {code.scheduled ? (
          <>
            {" "}
            · from {code.scheduled.when}, to{" "}
            <code className="destination-url">{code.scheduled.url}</code>
          </>
        ) : null}{" "}
        · <Link to={`/dashboard/codes/${code.id}`}>History and scheduling</Link>
      </p>
      {canManage && destinations.allowed ? (
        <details className="rename">
          <summary className="btn btn-ghost">Edit destination</summary>
          <DestinationForm codeId={code.id} current={code.destination} back="/dashboard" />
        </details>
      ) : null}
      {canManage && !destinations.allowed ? (
        <p className="muted small">
          {destinations.refusal} <Link to={destinations.upgradeHref}>See the plans</Link>
        </p>
      ) : null}
    </div>
  );
}

function CodeItem({
  code,
  analytics,
  confirming,
  canManage,
  destinations,
}: {
  code: SavedCode;
  analytics: boolean;
  confirming: boolean;
  /** Whether the member's role may change codes; a viewer only sees and downloads. */
  canManage: boolean;
  destinations: AnalyticsTabData["destinations"];
}) {
  const title = code.title || `${code.type.toUpperCase()} QR Code`;
  return (
    <li className="card code-item">
      <div className="code-item-main">
        <h3>{title}</h3>
        <p className="muted small">
          <span className="badge">{code.type.toUpperCase()}</span>{" "}
          {code.trackedUrl ? <span className="badge badge-tracked">TRACKED</span> : null} Created{" "}
          {dateFormat.format(new Date(code.createdAt))} ·{" "}
          {count(code.downloads, "download", "downloads")}
          {analytics
            ? ` · ${count(code.scans, "scan", "scans")} · ${engagementRate(code.scans, code.downloads)}% engagement`
            : null}
        </p>
      </div>
      <div className="code-item-actions">
        <a className="btn btn-ghost" href={`/api/qr-codes/${code.id}/download?format=png`} download>
          Download PNG
        </a>
        {code.shareUrl ? <CopyButton text={code.shareUrl} label="Copy share link" /> : null}
        {canManage ? <CodeManagement code={code} title={title} /> : null}
      </div>
      {code.trackedUrl ? (
        <p className="muted small share-url">
          Scans go through <code>{code.trackedUrl}</code>
        </p>
      ) : null}
      {code.destination ? (
        <Destination
          code={{ ...code, destination: code.destination }}
          canManage={canManage}
          destinations={destinations}
        />
      ) : null}
      {code.shareUrl ? (
        <p className="muted small share-url">
          Share link: <code>{code.shareUrl}</code>
          {code.shareFormats.length > 0 ? (
            <>
              {" "}
              Also as{" "}
              {code.shareFormats.map(({ format, url }, i) => (
                <span key={format}>
                  {i > 0 ? " · " : null}
                  <a href={url}>{format.toUpperCase()}</a>
                </span>
              ))}
            </>
          ) : null}
        </p>
      ) : null}
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-labelledby={`confirm-${code.id}`}>
          <p id={`confirm-${code.id}`}>
            <strong>Delete “{title}”?</strong> Its download and scan history goes with it. This
            cannot be undone.
          </p>
          <div className="dashboard-actions">
            <Form method="post">
              <input type="hidden" name="id" value={code.id} />
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="btn btn-danger-solid">
                Delete for good
              </button>
            </Form>
            <Link to="/dashboard" className="btn btn-ghost" preventScrollReset>
              Keep it
            </Link>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function CodeList({ loaded }: { loaded: AnalyticsTabData }) {
  if (loaded.codes.length === 0) {
    return (
      <div className="card empty-state">
        <h2>No QR Codes Yet</h2>
        <p className="muted">Codes you save from the generator appear here.</p>
        <Link to="/" className="btn btn-primary">
          Create Your First QR Code
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="saved-codes-heading">
      <h2 id="saved-codes-heading">Your QR codes</h2>
      {loaded.pages > 1 ? (
        <p className="muted small">
          Page {loaded.page} of {loaded.pages}
        </p>
      ) : null}
      <ul className="code-list">
        {loaded.codes.map((code) => (
          <CodeItem
            key={code.id}
            code={code}
            analytics={loaded.analytics}
            confirming={loaded.confirmDelete === code.id && loaded.canManageCodes}
            canManage={loaded.canManageCodes}
            destinations={loaded.destinations}
          />
        ))}
      </ul>
      {loaded.pages > 1 ? (
        <nav className="pager" aria-label="More codes">
          {loaded.page > 1 ? (
            <Link to={`/dashboard?page=${loaded.page - 1}`} className="btn btn-ghost">
              Newer codes
            </Link>
          ) : null}
          {loaded.page < loaded.pages ? (
            <Link to={`/dashboard?page=${loaded.page + 1}`} className="btn btn-ghost">
              Older codes
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function AnalyticsTab({ loaded }: { loaded: AnalyticsTabData }) {
  return (
    <>
      {loaded.analytics ? <StatCards loaded={loaded} /> : <PremiumAnalytics />}
      {loaded.activity ? <ActivityChart days={loaded.activity} /> : null}
      {loaded.breakdown ? (
        <div className="breakdowns">
          <Breakdown title="Scans by country" rows={loaded.breakdown.countries} />
          <Breakdown title="Scans by device" rows={loaded.breakdown.devices} />
        </div>
      ) : null}
      <CodeList loaded={loaded} />
      <AnalyticsViewed withData={loaded.analytics} />
      <AchievementsSlot />
    </>
  );
}
