import { Link } from "react-router";
import type { jobSummary } from "../../bulk/page.server";

type Job = ReturnType<typeof jobSummary>;

const STATUS: Record<Job["status"], string> = {
  checked: "Waiting",
  queued: "Queued",
  running: "Making",
  done: "Ready",
  failed: "Failed",
};

/** The workspace's recent batches, with their state and a link to each. */
export function BulkJobs({ jobs }: { jobs: Job[] }) {
  return (
    <section aria-labelledby="jobs-heading" className="bulk-jobs">
      <h2 id="jobs-heading">Recent batches</h2>
      {jobs.length === 0 ? (
        <p className="muted">No batches yet. Downloads are kept for 7 days.</p>
      ) : (
        <ul className="member-list">
          {jobs.map((job) => (
            <li key={job.id} className="card member">
              <h3>
                <Link to={`/bulk/${job.id}`}>{job.fileName}</Link>{" "}
                <span className="badge">{STATUS[job.status]}</span>
              </h3>
              <p className="muted small">
                {job.doneRows.toLocaleString("en-US")} of {job.totalRows.toLocaleString("en-US")}{" "}
                codes · started {job.createdAt} · kept until {job.expiresAt}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
