import { data, Link, redirect } from "react-router";
import { createDatabase } from "../db/client.server";
import { leadsBackHere } from "../destinations/loop-guard.server";
import { findTrackedLink } from "../models/qr-codes.server";
import { LINK_PAGES } from "../scans/link-pages";
import { destinationNow, linkUnavailable } from "../scans/links.server";
import { pageMeta } from "../seo";
import type { Route } from "./+types/scan";

/**
 * GET /s/{slug} when the fast path (app/scans/redirect.server.ts) did not answer: a deleted code
 * answers 410 with a page that says so, an unknown link 404. A live link found here (a race with
 * its creation, or the fast path failing) still redirects, uncounted, so a printed code never
 * breaks.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const db = createDatabase();
  const link = /^[0-9A-Za-z]{6,20}$/.test(params.slug)
    ? await findTrackedLink(db, params.slug)
    : null;
  if (!link) throw data({ gone: false }, { status: 404 });
  if (link.codeId === null || link.ownerId === null) throw data({ gone: true }, { status: 410 });
  if (linkUnavailable(link)) {
    throw data({ unavailable: true }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  const destination = destinationNow(link);
  // A destination leading back into this service (saved before the loop guard covered every
  // way of making a code) is never followed: two such codes would bounce a scanner forever.
  if (await leadsBackHere(db, destination)) throw data({ gone: false }, { status: 404 });
  return redirect(destination, { status: 302, headers: { "Cache-Control": "no-store" } });
}

export const meta = () => pageMeta("QR code link", "Where a tracked QR code leads.");

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const answer = (error as { data?: { gone?: boolean; unavailable?: boolean } })?.data;
  const { title, text } = LINK_PAGES[answer?.unavailable ? 403 : answer?.gone ? 410 : 404];
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{title}</h1>
        <p className="muted">{text}</p>
        <Link to="/" className="btn btn-primary btn-block">
          Create your own QR code
        </Link>
      </div>
    </section>
  );
}
