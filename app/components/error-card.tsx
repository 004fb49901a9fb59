import { Link } from "react-router";
import { useLocalePath, useT } from "../i18n/i18n";
import { RequestReference, useStorageOutage } from "../observability/request-reference";

interface ErrorCardProps {
  status: number;
  /** A message meant for the user (4xx responses); server errors never show internals. */
  message?: string;
  /** Developer detail, only passed in development builds. */
  detail?: string;
}

export function ErrorCard({ status, message, detail }: ErrorCardProps) {
  const serverError = status >= 500;
  const outage = useStorageOutage() && serverError;
  const t = useT();
  const localePath = useLocalePath();
  return (
    <section className="container narrow">
      <div className="card status-card" role="alert" data-storage-outage={outage || undefined}>
        <h1>
          {outage
            ? t("common.error.outageTitle")
            : serverError
              ? t("common.error.title")
              : t("common.error.status", { status })}
        </h1>
        <p>
          {outage
            ? t("common.error.outage")
            : (message ?? t(serverError ? "common.error.serverText" : "common.error.clientText"))}
        </p>
        {serverError ? <RequestReference /> : null}
        {detail ? <pre className="error-detail">{detail}</pre> : null}
        <p className="card-actions">
          <Link to={localePath("/")} className="btn btn-primary">
            {t("common.notFound.home")}
          </Link>
        </p>
      </div>
    </section>
  );
}
