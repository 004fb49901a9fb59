import { Form, Link } from "react-router";
import type { StaffLinkView, StaffReportView } from "../../abuse/queue.server";
import { DISABLE_REASON_MAX } from "../../abuse/reports";
import { FormattedDate } from "../formatted-date";
import { Result } from "../result";

// The pieces of the staff console's abuse pages (issue #31): a reported link's facts, its
// reports, and the actions on it. Plain forms: they post to /staff/abuse/{slug}.

export function LinkFacts({ link }: { link: StaffLinkView }) {
  return (
    <dl className="staff-facts">
      <dt>Short link</dt>
      <dd>
        <Link to={`/staff/abuse/${link.slug}`}>{link.slug}</Link> on {link.host}
        {link.deleted ? " (code deleted)" : ""}
      </dd>
      <dt>Destination</dt>
      <dd className="staff-url">{link.destination}</dd>
      <dt>Workspace</dt>
      <dd>
        {link.workspace ?? "—"}
        {link.owner ? ` · owner ${link.owner}` : ""}
      </dd>
      {link.disabledAt ? (
        <>
          <dt>Disabled</dt>
          <dd>
            <FormattedDate value={link.disabledAt} time />: {link.disabledReason}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export function ReportList({ reports }: { reports: StaffReportView[] }) {
  if (reports.length === 0) return <p className="muted">No reports.</p>;
  return (
    <ul className="staff-reports">
      {reports.map((report) => (
        <li key={report.id}>
          <strong>{report.reason}</strong> · <FormattedDate value={report.at} time />
          {report.reporter ? ` · ${report.reporter}` : ""}
          {report.resolution ? ` · ${report.resolution}` : ""}
          <p className="staff-report-details">{report.details}</p>
        </li>
      ))}
    </ul>
  );
}

export function LinkActions({
  link,
  back,
  error,
}: {
  link: StaffLinkView;
  back: "queue" | "link";
  error?: string;
}) {
  const action = `/staff/abuse/${link.slug}`;
  if (link.disabledAt) {
    return (
      <Form method="post" action={action} className="staff-actions">
        <input type="hidden" name="back" value={back} />
        <button type="submit" name="intent" value="enable" className="btn btn-ghost">
          Enable link {link.slug}
        </button>
      </Form>
    );
  }
  const reasonId = `reason-${link.slug}`;
  return (
    <div className="staff-actions">
      <Form method="post" action={`${action}#result`}>
        <input type="hidden" name="back" value={back} />
        <div className="field">
          <label htmlFor={reasonId}>Reason shown to the owner</label>
          <Result answer={error} as="div">
            {error ? (
              <p className="field-error" id={`${reasonId}-error`}>
                {error}
              </p>
            ) : null}
          </Result>
          <input
            id={reasonId}
            name="reason"
            required
            maxLength={DISABLE_REASON_MAX}
            placeholder="It imitates a bank's sign-in page."
            aria-describedby={error ? `${reasonId}-error` : undefined}
          />
        </div>
        <button type="submit" name="intent" value="disable" className="btn btn-danger">
          Disable link {link.slug}
        </button>
      </Form>
      <Form method="post" action={action}>
        <input type="hidden" name="back" value={back} />
        <button type="submit" name="intent" value="dismiss" className="btn btn-ghost">
          Dismiss reports
        </button>
      </Form>
    </div>
  );
}
