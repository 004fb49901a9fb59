import { data, Link } from "react-router";
import { getUser } from "../auth/user.server";
import { useAuth } from "../components/auth/auth-state";
import { pageMeta } from "../seo";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return data(
    { user: user ? { firstName: user.firstName } : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta = () =>
  pageMeta("Dashboard", "Your saved QR codes, their downloads and scans, and your plan.");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const { signOut } = useAuth();
  if (!user) {
    return (
      <section className="container auth-page">
        <div className="card auth-card">
          <h1>Sign in to view your dashboard</h1>
          <p className="muted">Your saved QR codes, analytics and plan live here.</p>
          <Link to="/auth?mode=signin&redirect=%2Fdashboard" className="btn btn-primary btn-block">
            Sign in
          </Link>
          <p className="auth-switch">
            <Link to="/auth?mode=signup">New here? Create a free account</Link>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="container">
      <div className="dashboard-header">
        <h1>Welcome back, {user.firstName || "User"}</h1>
        <div className="dashboard-actions">
          <Link to="/" className="btn btn-primary">
            Create New QR Code
          </Link>
          <form
            method="post"
            action="/api/auth/logout"
            onSubmit={(event) => {
              event.preventDefault();
              void signOut();
            }}
          >
            <button type="submit" className="btn btn-ghost">
              Sign Out
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
