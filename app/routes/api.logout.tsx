import { data, Link } from "react-router";
import { getUser } from "../auth/user.server";
import { SignOutForm } from "../components/auth/sign-out-form";
import { pageMeta } from "../seo";
import type { Route } from "./+types/api.logout";

// GET /api/logout, the navigation fallback of the header menu (spec section 7). A GET changes
// nothing: any site can make a browser fetch a URL, so signing out here would let it sign our
// visitors out (issue #27 item 11). The page asks, and its one button posts to /api/auth/logout.

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  return data({ email: user?.email ?? null }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta = () => [
  ...pageMeta("Sign out?", "Sign out of QR Code Creator on this device."),
  { name: "robots", content: "noindex" },
];

export default function SignOut({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        {loaderData.email ? (
          <>
            <h1>Sign out?</h1>
            <p className="muted">
              You are signed in as <strong>{loaderData.email}</strong> on this device.
            </p>
            <SignOutForm label="Sign out" buttonClassName="btn btn-primary btn-block" />
            <p className="muted small">
              <Link to="/">Stay signed in and go to the QR generator</Link>
            </p>
          </>
        ) : (
          <>
            <h1>You are signed out</h1>
            <p className="muted">No one is signed in on this device.</p>
            <Link to="/" className="btn btn-primary btn-block">
              Go to the QR generator
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
