import type { ReactNode } from "react";
import type { ErrorRate } from "../../operations/health";
import type { HealthReport } from "../../operations/health.server";
import { FormattedDate } from "../formatted-date";

// /staff/health's blocks (issue #31). Each block says "All clear" when there is nothing to see;
// the blocks with problems come first, and within a block its problem rows come first.

interface Block {
  id: string;
  title: string;
  problem: boolean;
  body: ReactNode;
}

export function HealthBlocks({ report }: { report: HealthReport }) {
  const blocks: Block[] = [
    {
      id: "queues",
      title: "Queues",
      problem: report.queues.some((queue) => queue.problem),
      body: <QueuesBlock queues={report.queues} />,
    },
    {
      id: "crons",
      title: "Cron triggers",
      problem: report.crons.some((cron) => cron.problem),
      body: <CronsBlock crons={report.crons} />,
    },
    {
      id: "bulk",
      title: "Bulk jobs stuck for over an hour",
      problem: report.stuckBulkJobs.length > 0,
      body: <StuckBulkBlock jobs={report.stuckBulkJobs} />,
    },
    {
      id: "webhooks",
      title: "Webhook endpoints disabled",
      problem: report.disabledEndpoints.length > 0,
      body: <DisabledWebhooksBlock endpoints={report.disabledEndpoints} />,
    },
    {
      id: "mail",
      title: "Failed mail",
      problem: report.failedMail.total > 0,
      body: <FailedMailBlock mail={report.failedMail} />,
    },
    {
      id: "errors",
      title: "5xx rate",
      problem: report.errorRate.problem,
      body: <ErrorRateBlock rate={report.errorRate} />,
    },
  ];
  const ordered = [...blocks.filter((b) => b.problem), ...blocks.filter((b) => !b.problem)];
  return (
    <div className="health">
      {ordered.map((block) => (
        <section
          key={block.id}
          id={block.id}
          className="health-block"
          data-problem={block.problem}
          aria-labelledby={`${block.id}-title`}
        >
          <h2 id={`${block.id}-title`}>
            {block.title}{" "}
            <span className={block.problem ? "health-badge problem" : "health-badge"}>
              {block.problem ? "Needs a look" : "All clear"}
            </span>
          </h2>
          {block.body}
        </section>
      ))}
    </div>
  );
}

function AllClear({ children }: { children: ReactNode }) {
  return <p className="muted">All clear: {children}</p>;
}

function QueuesBlock({ queues }: { queues: HealthReport["queues"] }) {
  if (!queues.some((queue) => queue.problem)) {
    return <AllClear>no queue retried or dead-lettered a message.</AllClear>;
  }
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">Queue</th>
          <th scope="col">Retried</th>
          <th scope="col">Dead-lettered</th>
          <th scope="col">Last error</th>
        </tr>
      </thead>
      <tbody>
        {queues.map((queue) => (
          <tr key={queue.queue} data-problem={queue.problem}>
            <td>{queue.queue}</td>
            <td>{queue.retried} retried</td>
            <td>{queue.deadLettered} dead-lettered</td>
            <td>{queue.lastError ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CronsBlock({ crons }: { crons: HealthReport["crons"] }) {
  return (
    <>
      {!crons.some((cron) => cron.problem) && (
        <AllClear>every cron ran on time, and its last run went well.</AllClear>
      )}
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">Cron</th>
            <th scope="col">Last run</th>
            <th scope="col">Outcome</th>
            <th scope="col">Duration</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {crons.map((cron) => (
            <tr key={cron.name} data-problem={cron.problem}>
              <td>
                {cron.name} <code>{cron.cron}</code>
                <br />
                <span className="muted">{cron.description}</span>
              </td>
              <td>
                {cron.lastRun ? <FormattedDate value={cron.lastRun.startedAt} time /> : "Never"}
              </td>
              <td>{cron.lastRun ? (cron.lastRun.outcome === "ok" ? "OK" : "Failed") : "—"}</td>
              <td>{cron.lastRun ? `${cron.lastRun.durationMs} ms` : "—"}</td>
              <td>
                <CronNotes cron={cron} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function CronNotes({ cron }: { cron: HealthReport["crons"][number] }) {
  const notes = [
    cron.warning,
    cron.lastRun?.outcome === "failed" ? cron.lastRun.error : null,
    cron.failuresToday > 0
      ? `${cron.failuresToday} failed ${cron.failuresToday === 1 ? "run" : "runs"} today.`
      : null,
  ].filter((note): note is string => note !== null);
  if (notes.length === 0) return "—";
  return notes.map((note) => (
    <span key={note} className="health-note">
      {note}
    </span>
  ));
}

function StuckBulkBlock({ jobs }: { jobs: HealthReport["stuckBulkJobs"] }) {
  if (jobs.length === 0) return <AllClear>no bulk job has been waiting for over an hour.</AllClear>;
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Workspace</th>
          <th scope="col">Status</th>
          <th scope="col">Since</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id}>
            <td>
              {job.id} ({job.doneRows} of {job.totalRows} rows)
            </td>
            <td>{job.workspaceId}</td>
            <td>{job.status}</td>
            <td>
              <FormattedDate value={job.since} time />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DisabledWebhooksBlock({ endpoints }: { endpoints: HealthReport["disabledEndpoints"] }) {
  if (endpoints.length === 0) return <AllClear>no webhook endpoint was disabled today.</AllClear>;
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">Endpoint</th>
          <th scope="col">Workspace</th>
          <th scope="col">Why</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {endpoints.map((endpoint) => (
          <tr key={endpoint.id}>
            <td>
              {endpoint.host} ({endpoint.id})
            </td>
            <td>{endpoint.workspaceId}</td>
            <td>{endpoint.reason ?? "—"}</td>
            <td>
              <FormattedDate value={endpoint.disabledAt} time />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const MAIL_STAGES: Record<string, string> = {
  send: "Not sent",
  refused: "Refused by the provider",
  dead_letter: "Gave up after every retry",
};

function FailedMailBlock({ mail }: { mail: HealthReport["failedMail"] }) {
  if (mail.total === 0) return <AllClear>every e-mail went out.</AllClear>;
  return (
    <>
      <p>
        {mail.total} failed {mail.total === 1 ? "e-mail" : "e-mails"}
        {mail.total > mail.latest.length ? `; the latest ${mail.latest.length}:` : ":"}
      </p>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Subject</th>
            <th scope="col">What happened</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {mail.latest.map((row) => (
            <tr key={row.id}>
              <td>
                <FormattedDate value={row.at} time />
              </td>
              <td>{row.subject}</td>
              <td>{MAIL_STAGES[row.stage] ?? row.stage}</td>
              <td>{row.error ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const percent = (share: number) => `${(share * 100).toFixed(share > 0 && share < 0.001 ? 3 : 1)} %`;

function ErrorRateBlock({ rate }: { rate: ErrorRate }) {
  const busy = rate.hours.filter((hour) => hour.requests > 0).reverse();
  return (
    <>
      <p>
        {rate.requests} requests, {rate.errors} answered 5xx ({percent(rate.rate)}).
      </p>
      {rate.errors === 0 && <AllClear>no 5xx answers.</AllClear>}
      <ErrorChart rate={rate} />
      <p className="health-chart-axis muted" aria-hidden="true">
        <span>24 hours ago</span>
        <span>this hour</span>
      </p>
      {busy.length > 0 && (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">Hour</th>
              <th scope="col">Requests</th>
              <th scope="col">5xx</th>
              <th scope="col">Rate</th>
            </tr>
          </thead>
          <tbody>
            {busy.map((hour) => (
              <tr key={hour.hour}>
                <td>
                  <FormattedDate value={new Date(hour.hour)} time />
                </td>
                <td>{hour.requests} requests</td>
                <td>{hour.errors} 5xx</td>
                <td>{percent(hour.errors / hour.requests)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** 24 bars, one an hour: the grey height is the requests, the red part the 5xx answers. */
function ErrorChart({ rate }: { rate: ErrorRate }) {
  const height = 60;
  const most = Math.max(1, ...rate.hours.map((hour) => hour.requests));
  return (
    <svg
      className="health-chart"
      viewBox={`0 0 240 ${height}`}
      role="img"
      aria-label={`Requests per hour over the last 24 hours, at most ${most}; 5xx answers in red.`}
      preserveAspectRatio="none"
    >
      {rate.hours.map((hour, index) => {
        const total = (hour.requests / most) * height;
        const errors = (hour.errors / most) * height;
        return (
          <g key={hour.hour}>
            <rect x={index * 10 + 1} y={height - total} width={8} height={total} fill="#a1a1aa" />
            <rect x={index * 10 + 1} y={height - errors} width={8} height={errors} fill="#dc2626" />
          </g>
        );
      })}
    </svg>
  );
}
