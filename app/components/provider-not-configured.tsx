import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { NotConfigured } from "../auth/federated.server";
import { pageMeta } from "../seo";

const NAMES = { google: "Google", oidc: "Developer platform" } as const;

function notConfiguredDetails(error: unknown): NotConfigured | null {
  return isRouteErrorResponse(error) && error.status === 503 ? (error.data as NotConfigured) : null;
}

/** The title of the page below, so that the browser tab says the same as the heading. */
export function providerNotConfiguredMeta({ error }: { error?: unknown }) {
  const details = notConfiguredDetails(error);
  return details
    ? pageMeta(
        `${NAMES[details.provider]} sign-in is not configured`,
        "This sign-in method has not been set up on this site.",
      )
    : pageMeta("Sign-in is unavailable", "Please sign in with your email instead.");
}

/** The page for a sign-in provider the operator has not set up (never a crash). */
export function ProviderNotConfigured() {
  const details = notConfiguredDetails(useRouteError());
  if (!details) {
    return (
      <section className="container auth-page">
        <div className="card auth-card">
          <h1>Sign-in is unavailable</h1>
          <p className="muted">Something went wrong. Please sign in with your email instead.</p>
          <Link to="/auth?mode=signin" className="btn btn-primary btn-block">
            Sign in with email
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{NAMES[details.provider]} sign-in is not configured</h1>
        <p className="muted">
          This site&apos;s operator has not set it up yet, so it cannot be used. You can still sign
          in or create an account with your email address.
        </p>
        <p className="small">
          Operators: set{" "}
          {details.settings.map((name) => (
            <code key={name}>{name} </code>
          ))}{" "}
          (see the README, &ldquo;Configuration&rdquo;).
        </p>
        <Link to="/auth?mode=signin" className="btn btn-primary btn-block">
          Sign in with email
        </Link>
      </div>
    </section>
  );
}
