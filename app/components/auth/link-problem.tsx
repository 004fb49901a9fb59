import { Link } from "react-router";

/** The page of a one-time e-mail link that did not work: what happened and the way forward. */
export function LinkProblem({
  title,
  explanation,
  action,
}: {
  title: string;
  explanation: string;
  action: { to: string; label: string };
}) {
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{title}</h1>
        <p className="muted">{explanation}</p>
        <Link to={action.to} className="btn btn-primary btn-block">
          {action.label}
        </Link>
      </div>
    </section>
  );
}
