import { data, Link, redirect } from "react-router";
import { linkPreview } from "../abuse/preview.server";
import { submitReport } from "../abuse/reports.server";
import { LinkPreviewPage } from "../components/abuse/link-preview";
import { createDatabase } from "../db/client.server";
import { leadsBackHere } from "../destinations/loop-guard.server";
import { findTrackedLink } from "../models/qr-codes.server";
import { LINK_PAGES, type LinkPage, linkPageStatus } from "../scans/link-pages";
import { linkStop, stopPage } from "../scans/link-state";
import { destinationNow } from "../scans/links.server";
import { useLocalePath, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/scan";

/** `/s/{slug}+`: the link's preview page (issue #31) instead of its redirect. */
const previewSlug = (param: string) => (param.endsWith("+") ? param.slice(0, -1) : null);

/**
 * GET /s/{slug} when the fast path (app/scans/redirect.server.ts) did not answer: a deleted code
 * answers 410 with a page that says so, a link staff disabled 410 with its own plain page, an
 * unknown link 404. A live link found here (a race with its creation, or the fast path failing)
 * still redirects, uncounted, so a printed code never breaks. GET /s/{slug}+ is the link's
 * preview page, which never redirects and counts nothing.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const db = createDatabase();
  const preview = previewSlug(params.slug);
  if (preview !== null) {
    const found = await linkPreview(db, preview);
    if (found.state === "missing") throw data({ page: 404 }, { status: 404 });
    if (found.state === "deleted") throw data({ page: 410 }, { status: 410 });
    const reported = new URL(request.url).searchParams.has("reported");
    // An anonymous page that is checked again on every visit (app/caching/policy.ts): a link
    // disabled a moment ago shows as disabled.
    return { ...found, reported };
  }
  const link = /^[0-9A-Za-z]{6,20}$/.test(params.slug)
    ? await findTrackedLink(db, params.slug)
    : null;
  if (!link) throw data({ page: 404 }, { status: 404 });
  if (link.codeId === null || link.ownerId === null) throw data({ page: 410 }, { status: 410 });
  const stop = linkStop(link);
  if (stop) {
    const page = stopPage(stop);
    throw data(
      { page },
      { status: linkPageStatus(page), headers: { "Cache-Control": "no-store" } },
    );
  }
  const destination = destinationNow(link);
  // A destination leading back into this service (saved before the loop guard covered every
  // way of making a code) is never followed: two such codes would bounce a scanner forever.
  if (await leadsBackHere(db, destination)) throw data({ page: 404 }, { status: 404 });
  return redirect(destination, { status: 302, headers: { "Cache-Control": "no-store" } });
}

/** The preview page's "Report this link" form. */
export async function action({ params, request }: Route.ActionArgs) {
  const slug = previewSlug(params.slug);
  if (slug === null) throw data({ page: 404 }, { status: 405 });
  return submitReport(request, createDatabase(), slug);
}

// A stopped link's page keeps the loader's no-store: a cache must not keep "unavailable" (or a
// takedown) past its lifting. Every page here speaks the scanner's Accept-Language (issue #32).
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) => {
  const headers = new Headers(errorHeaders ?? loaderHeaders);
  headers.append("Vary", "Accept-Language");
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta(
      t(loaderData ? "scan.meta.title" : "scan.meta.errorTitle"),
      t("scan.meta.description"),
    ),
    { name: "robots", content: "noindex" },
  ];
};

export default function LinkPreview({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkPreviewPage preview={loaderData} lastResult={actionData?.result} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const page = (error as { data?: { page?: LinkPage } })?.data?.page;
  const { title, text } = LINK_PAGES[page && page in LINK_PAGES ? page : 404];
  const t = useT();
  const localePath = useLocalePath();
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{t(title)}</h1>
        <p className="muted">{t(text)}</p>
        <Link to={localePath("/")} className="btn btn-primary btn-block">
          {t("scan.createOwn")}
        </Link>
      </div>
    </section>
  );
}
