import { Link } from "react-router";
import type { jobSummary } from "../../bulk/page.server";
import { useLocale, useT } from "../../i18n/i18n";

type Job = ReturnType<typeof jobSummary>;

/** The workspace's recent batches, with their state and a link to each. */
export function BulkJobs({ jobs }: { jobs: Job[] }) {
  const t = useT();
  const { code } = useLocale();
  const n = (value: number) => new Intl.NumberFormat(code).format(value);
  return (
    <section aria-labelledby="jobs-heading" className="bulk-jobs">
      <h2 id="jobs-heading">{t("bulk.jobs.title")}</h2>
      {jobs.length === 0 ? (
        <p className="muted">{t("bulk.jobs.none")}</p>
      ) : (
        <ul className="member-list">
          {jobs.map((job) => (
            <li key={job.id} className="card member">
              <h3>
                <Link to={`/bulk/${job.id}`}>{job.fileName}</Link>{" "}
                <span className="badge">{t(`bulk.status.${job.status}`)}</span>
              </h3>
              <p className="muted small">
                {t("bulk.jobs.line", {
                  done: n(job.doneRows),
                  total: n(job.totalRows),
                  started: job.createdAt,
                  kept: job.expiresAt,
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
