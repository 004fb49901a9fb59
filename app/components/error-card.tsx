import { Link } from "react-router";
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
  return (
    <section className="container narrow">
      <div className="card status-card" role="alert" data-storage-outage={outage || undefined}>
        <h1>
          {outage
            ? "Temporarily unavailable"
            : serverError
              ? "Something went wrong"
              : `Error ${status}`}
        </h1>
        <p>
          {outage
            ? "Part of our service is not answering right now. Nothing you sent was half-saved: please try again in a minute."
            : (message ??
              (serverError
                ? "We could not complete your request. Please try again in a moment."
                : "We could not complete your request."))}
        </p>
        {serverError ? <RequestReference /> : null}
        {detail ? <pre className="error-detail">{detail}</pre> : null}
        <p className="card-actions">
          <Link to="/" className="btn btn-primary">
            Back to the QR Generator
          </Link>
        </p>
      </div>
    </section>
  );
}
