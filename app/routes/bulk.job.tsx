import { useEffect } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import { jobSummary, keptJob } from "../bulk/page.server";
import { createDatabase } from "../db/client.server";
import { useBulkMessage } from "../components/bulk/bulk-message";
import { Trans, type Translate, useLocale, useT } from "../i18n/i18n";
import { getLocale, getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
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
  if (!job) throw data((await getT(context))("bulk.job.notFound"), { status: 404 });
  const { code } = await getLocale(context);
  return data(
    { job: { ...jobSummary(job, code), zipBytes: job.zipBytes, checkedRows: job.checkedRows } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) => {
  const t = metaT(matches);
  return pageMeta(
    loaded ? t("bulk.job.meta.title", { file: loaded.job.fileName }) : t("bulk.job.meta.batch"),
    t("bulk.job.meta.description"),
  );
};

/** "12 KB", "1.5 MB": a file's size, its number written the page's way. */
function fileSize(bytes: number | null, t: Translate, locale: string): string {
  if (!bytes) return "";
  if (bytes < 1024 * 1024) {
    return t("bulk.job.kb", { size: Math.max(1, Math.round(bytes / 1024)) });
  }
  const megabytes = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));
  return t("bulk.job.mb", { size: megabytes });
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
  const t = useT();
  const message = useBulkMessage();
  const { code } = useLocale();
  const n = (value: number) => new Intl.NumberFormat(code).format(value);
  return (
    <section className="container narrow bulk">
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <p>
        <Link to="/bulk">{t("bulk.job.back")}</Link>
      </p>
      <h1>{job.fileName}</h1>
      <div className="card">
        {working ? (
          <>
            <p role="status" aria-live="polite">
              <Trans
                id={job.status === "queued" ? "bulk.job.queued" : "bulk.job.making"}
                values={{ done: n(job.doneRows), total: n(job.totalRows) }}
                components={{ 0: <strong /> }}
              />
            </p>
            <progress
              className="bulk-progress"
              max={job.totalRows}
              value={job.doneRows}
              aria-label={t("bulk.job.progress")}
            />
            <p className="muted small">
              {t("bulk.job.leave")} <a href={`/bulk/${job.id}`}>{t("bulk.job.refresh")}</a>
            </p>
          </>
        ) : job.status === "done" ? (
          <>
            <p role="status">
              {job.zipBytes
                ? t("bulk.job.readySize", {
                    count: job.totalRows,
                    n: n(job.totalRows),
                    size: fileSize(job.zipBytes, t, code),
                  })
                : t("bulk.job.ready", { count: job.totalRows, n: n(job.totalRows) })}
            </p>
            <a className="btn btn-primary" href={`/bulk/${job.id}/download`} download>
              {t("bulk.job.download")}
            </a>
            <p className="muted small">{t("bulk.job.keptUntil", { date: job.expiresAt })}</p>
          </>
        ) : job.status === "failed" ? (
          <p className="notice notice-error" role="alert">
            {job.error ? message(job.error) : t("bulk.job.failed")}{" "}
            <Link to="/bulk">{t("bulk.job.uploadAgain")}</Link>
          </p>
        ) : (
          <>
            <p>{t("bulk.job.waiting", { valid: n(job.totalRows), total: n(job.checkedRows) })}</p>
            <Form method="post" action="/bulk?intent=start">
              <input type="hidden" name="job" value={job.id} />
              <button type="submit" className="btn btn-primary">
                {t("bulk.generate", { count: job.totalRows, n: n(job.totalRows) })}
              </button>
            </Form>
          </>
        )}
      </div>
      <p className="muted small">{t("bulk.job.started", { date: job.createdAt })}</p>
    </section>
  );
}
