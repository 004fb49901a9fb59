import { Link } from "react-router";

export function NotFoundCard() {
  return (
    <section className="container narrow">
      <div className="card status-card" role="alert">
        <h1>404 Page Not Found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <p className="card-actions">
          <Link to="/" className="btn btn-primary">
            Back to the QR Generator
          </Link>
          <Link to="/help" className="btn btn-ghost">
            Visit the Help Center
          </Link>
        </p>
      </div>
    </section>
  );
}
