import { data, Link } from "react-router";
import { getUser } from "../auth/user.server";
import { createDatabase } from "../db/client.server";
import { listCodes } from "../models/qr-codes.server";
import { useAuth } from "../components/auth/auth-state";
import { pageMeta } from "../seo";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const codes = user ? await listCodes(createDatabase(), user.id) : [];
  return data(
    {
      user: user ? { firstName: user.firstName } : null,
      codes: codes.map((code) => ({
        id: code.id,
        type: code.type,
        title: code.title,
        createdAt: code.createdAt.toISOString(),
        downloadCount: code.downloadCount,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type SavedCode = Route.ComponentProps["loaderData"]["codes"][number];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

function SavedCodes({ codes }: { codes: SavedCode[] }) {
  if (codes.length === 0) {
    return (
      <div className="card empty-state">
        <h2>No QR Codes Yet</h2>
        <p className="muted">Codes you save from the generator appear here.</p>
        <Link to="/" className="btn btn-primary">
          Create Your First QR Code
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="saved-codes-heading">
      <h2 id="saved-codes-heading">Your QR codes</h2>
      <ul className="code-list">
        {codes.map((code) => (
          <li key={code.id} className="card code-item">
            <div>
              <h3>{code.title || `${code.type.toUpperCase()} QR Code`}</h3>
              <p className="muted small">
                <span className="badge">{code.type.toUpperCase()}</span> Created{" "}
                {dateFormat.format(new Date(code.createdAt))} ·{" "}
                {code.downloadCount === 1 ? "1 download" : `${code.downloadCount} downloads`}
              </p>
            </div>
            <a
              className="btn btn-ghost"
              href={`/api/qr-codes/${code.id}/download?format=png`}
              download
            >
              Download PNG
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta = () =>
  pageMeta("Dashboard", "Your saved QR codes, their downloads and scans, and your plan.");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, codes } = loaderData;
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
      <SavedCodes codes={codes} />
    </section>
  );
}
