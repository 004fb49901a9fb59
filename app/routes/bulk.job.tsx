import { useEffect } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import { jobSummary, keptJob } from "../bulk/page.server";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { requireMembership } from "../workspaces/current.server";
import bulkCss from "../styles/bulk.css?url";
import type { Route } from "./+types/bulk.job";

// One batch's page (issue #17): its progress while it is made ("640 of 2,000", refreshed by the
// browser without JavaScript, by polling with it), then the ZIP's download.

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: bulkCss, precedence: "page" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const membership = await requireMembership(request, context);
  const job = await keptJob(createDatabase(), membership, params.id, new Date());
  if (!job) {
    throw data(
      "This batch does not exist, or its download has expired (batches are kept 7 days).",
      {
        status: 404,
      },
    );
  }
  return data(
    { job: { ...jobSummary(job), zipBytes: job.zipBytes, checkedRows: job.checkedRows } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta = ({ loaderData: loaded }: Route.MetaArgs) =>
  pageMeta(loaded ? `Batch ${loaded.job.fileName}` : "Batch", "A bulk batch of QR codes.");

function megabytes(bytes: number | null): string {
  if (!bytes) return "";
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export default function BulkJob({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  const working = job.status === "queued" || job.status === "running";
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") {
        void revalidator.revalidate();
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [working, revalidator]);
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    <section className="container narrow bulk">
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <p>
        <Link to="/bulk">← Bulk generation</Link>
      </p>
      <h1>{job.fileName}</h1>
      <div className="card">
        {working ? (
          <>
            <p role="status" aria-live="polite">
              {job.status === "queued" ? "Queued: " : "Making codes: "}
              <strong>
                {n(job.doneRows)} of {n(job.totalRows)}
              </strong>
            </p>
            <progress
              className="bulk-progress"
              max={job.totalRows}
              value={job.doneRows}
              aria-label="Codes made"
            />
            <p className="muted small">
              You can leave this page: we e-mail you when the ZIP is ready.{" "}
              <a href={`/bulk/${job.id}`}>Refresh</a>
            </p>
          </>
        ) : job.status === "done" ? (
          <>
            <p role="status">
              Your ZIP is ready: {n(job.totalRows)} {job.totalRows === 1 ? "code" : "codes"} and
              manifest.csv{job.zipBytes ? `, ${megabytes(job.zipBytes)}` : ""}.
            </p>
            <a className="btn btn-primary" href={`/bulk/${job.id}/download`} download>
              Download ZIP
            </a>
            <p className="muted small">Kept until {job.expiresAt}.</p>
          </>
        ) : job.status === "failed" ? (
          <p className="notice notice-error" role="alert">
            {job.error ?? "The batch could not be finished."}{" "}
            <Link to="/bulk">Upload the file again</Link>
          </p>
        ) : (
          <>
            <p>
              This batch is checked and waiting: {n(job.totalRows)} of {n(job.checkedRows)} rows are
              valid.
            </p>
            <Form method="post" action="/bulk?intent=start">
              <input type="hidden" name="job" value={job.id} />
              <button type="submit" className="btn btn-primary">
                Generate {n(job.totalRows)} {job.totalRows === 1 ? "code" : "codes"}
              </button>
            </Form>
          </>
        )}
      </div>
      <p className="muted small">Started {job.createdAt}.</p>
    </section>
  );
}
