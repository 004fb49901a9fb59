import { data, Link, redirect } from "react-router";
import { deviceClass } from "../codes/device";
import { createDatabase } from "../db/client.server";
import { findTrackedLink, recordScan } from "../models/qr-codes.server";
import { effectivePlan } from "../plans/effective";
import { countsScans } from "../plans/rules";
import { hashedClientAddress } from "../security/client.server";
import { requestInfoContext } from "../request-context";
import { pageMeta } from "../seo";
import type { Route } from "./+types/scan";

/**
 * GET /s/{slug}: where a tracked code points. It always redirects while the code exists, also
 * after the owner's plan lapses (only the counting stops), so a printed code never breaks; a
 * deleted code answers 410 with a page that says so.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = createDatabase();
  const link = /^[0-9A-Za-z]{6,20}$/.test(params.slug)
    ? await findTrackedLink(db, params.slug)
    : null;
  if (!link) throw data({ gone: false }, { status: 404 });
  if (link.codeId === null || link.ownerId === null) throw data({ gone: true }, { status: 410 });

  const { owner } = link;
  if (owner && countsScans(effectivePlan(owner, new Date()))) {
    const cf = (request as Request & { cf?: { country?: string; city?: string } }).cf;
    const userAgent = request.headers.get("User-Agent");
    const scan = recordScan(db, link.codeId, {
      ipHash: await hashedClientAddress(request),
      userAgent,
      location: {
        country: cf?.country ?? null,
        city: cf?.city ?? null,
        device: deviceClass(userAgent),
      },
    });
    // The visitor is on their way at once; the row is written after the response.
    context.get(requestInfoContext).waitUntil(scan);
  }
  return redirect(link.targetUrl, { status: 302, headers: { "Cache-Control": "no-store" } });
}

export const meta = () => pageMeta("QR code link", "Where a tracked QR code leads.");

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gone = (error as { data?: { gone?: boolean } })?.data?.gone === true;
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{gone ? "This QR code was deleted" : "This QR code link does not exist"}</h1>
        <p className="muted">
          {gone
            ? "Its owner deleted it, so it no longer leads anywhere. If you printed it, replace it with a new code."
            : "Check that the whole code was scanned, or ask whoever shared it for a new one."}
        </p>
        <Link to="/" className="btn btn-primary btn-block">
          Create your own QR code
        </Link>
      </div>
    </section>
  );
}
