import { hostPreviewResponse } from "../abuse/host-preview.server";
import { linkPreview } from "../abuse/preview.server";
import { createDatabase } from "../db/client.server";
import type { CustomDomainRecord } from "../db/schema";
import { domainByHostname } from "../models/custom-domains.server";
import { findTrackedLink } from "../models/qr-codes.server";
import { effectivePlan } from "../plans/effective";
import { countsScans } from "../plans/rules";
import { brandAssetResponse } from "../brand/assets.server";
import { pageBrand } from "../brand/pages.server";
import { scannerLocale } from "../scans/scanner-locale.server";
import { SCANNER_PAGE_HEADERS, scannerPage } from "../brand/scanner-page";
import type { LinkPage } from "../scans/link-pages";
import { linkStop, stopPage } from "../scans/link-state";
import { destinationNow } from "../scans/links.server";
import { queueScan } from "../scans/redirect.server";
import { appOrigin } from "../config/app-url.server";
import { leadsBackHere } from "../destinations/loop-guard.server";
import { isOwnHost } from "./own-host";
import { getDomainSettings } from "./provider.server";

// Requests on a customer's hostname (issue #18), answered before anything of the app runs: an
// active custom domain serves its workspace's tracked links (/{slug} and /s/{slug}), their preview
// pages (/{slug}+, issue #31: no form here, the report form is on this service's host), 404 and 410
// pages in the workspace's brand (or naming only the hostname), the brand's images under
// /_brand/, and nothing else. No session is read and no cookie is ever set here. Unknown or
// inactive hostnames get a bare 404.

const SLUG_PATH = /^\/(?:s\/)?([0-9A-Za-z]{6,20})$/;
const PREVIEW_PATH = /^\/(?:s\/)?([0-9A-Za-z]{6,20})\+$/;
const BRAND_PATH = /^\/_brand\/([a-z]+)\/([0-9a-f]{64})$/;
const MEMORY_MS = 30_000;
const MAX_REMEMBERED = 2000;

type HostDomain = Pick<CustomDomainRecord, "id" | "workspaceId" | "status" | "hostname">;

const remembered = new Map<string, { domain: HostDomain | null; until: number }>();

/** Forgets what this isolate knows of a hostname (it was added, checked or removed). */
export function forgetHost(hostname: string): void {
  remembered.delete(hostname);
}

async function lookup(hostname: string): Promise<HostDomain | null> {
  const now = Date.now();
  const known = remembered.get(hostname);
  if (known && known.until > now) return known.domain;
  const found = await domainByHostname(createDatabase(), hostname);
  const domain = found
    ? {
        id: found.id,
        workspaceId: found.workspaceId,
        status: found.status,
        hostname: found.hostname,
      }
    : null;
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(hostname, { domain, until: now + MEMORY_MS });
  return domain;
}

function bare404(): Response {
  return new Response("Not found\n", {
    status: 404,
    headers: { ...SCANNER_PAGE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The answer for a request on a customer's hostname, or null for this service's own hosts. */
export async function customHostAnswer(
  request: Request,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Response | null> {
  const url = new URL(request.url);
  const hostname = url.hostname.toLowerCase();
  const { appHostname, target } = getDomainSettings();
  if (isOwnHost(hostname, appHostname) || hostname === new URL(appOrigin()).hostname) return null;
  const domain = hostname === target ? null : await lookup(hostname);
  // Without APP_HOSTNAME (local runs) any other hostname is taken for this service's own.
  if (!domain) return appHostname || hostname === target ? bare404() : null;
  if (domain.status !== "active") return bare404();
  const db = createDatabase();
  const locale = scannerLocale(request);
  const page = async (kind: LinkPage) =>
    scannerPage(
      kind,
      { hostname, brand: await pageBrand(db, domain.workspaceId, true), locale },
      request.method,
    );
  const readable = request.method === "GET" || request.method === "HEAD";
  const asset = BRAND_PATH.exec(url.pathname);
  if (asset && readable) {
    return (await brandAssetResponse(domain.workspaceId, asset[1]!, asset[2]!)) ?? bare404();
  }
  const preview = readable ? PREVIEW_PATH.exec(url.pathname)?.[1] : undefined;
  if (preview) {
    const found = await linkPreview(db, preview);
    if (found.state === "live" && found.workspaceId === domain.workspaceId) {
      return hostPreviewResponse(found, hostname, request.method, locale);
    }
    if (found.state === "disabled" && found.workspaceId === domain.workspaceId) {
      return scannerPage("disabled", { hostname, brand: null, locale }, request.method);
    }
    return page(404);
  }
  const slug = SLUG_PATH.exec(url.pathname)?.[1];
  if (!slug || !readable) return page(404);
  const link = await findTrackedLink(db, slug);
  if (!link) return page(404);
  if (link.codeId === null || link.workspaceId === null) {
    // A deleted code: its page only where it was printed, so the domain gives nothing away.
    return page(link.domainId === domain.id ? 410 : 404);
  }
  if (link.workspaceId !== domain.workspaceId) return page(404);
  // A stopped link's page is plain: the brand of a workspace whose link was abused or whose
  // workspace is suspended is not shown.
  const stop = linkStop(link);
  if (stop) {
    return scannerPage(stopPage(stop), { hostname, brand: null, locale }, request.method);
  }
  const destination = destinationNow(link);
  // Never on to another of our links (issue #27), as on this service's /s/ route.
  if (await leadsBackHere(db, destination)) return page(404);
  if (link.owner && countsScans(effectivePlan(link.owner, new Date()))) {
    waitUntil(queueScan(request, link.codeId));
  }
  return new Response(null, {
    status: 302,
    headers: { ...SCANNER_PAGE_HEADERS, Location: destination },
  });
}
