import { createDatabase } from "../db/client.server";
import type { CustomDomainRecord } from "../db/schema";
import { domainByHostname } from "../models/custom-domains.server";
import { findTrackedLink } from "../models/qr-codes.server";
import { effectivePlan } from "../plans/effective";
import { countsScans } from "../plans/rules";
import { LINK_PAGES } from "../scans/link-pages";
import { queueScan } from "../scans/redirect.server";
import { escapeHtml } from "../security/escape-html";
import { getDomainSettings } from "./provider.server";

// Requests on a customer's hostname (issue #18), answered before anything of the app runs: an
// active custom domain serves its workspace's tracked links (/{slug} and /s/{slug}) and plain
// 404 and 410 pages, and nothing else. No session is read and no cookie is ever set here.
// Unknown or inactive hostnames get a bare 404.

const SLUG_PATH = /^\/(?:s\/)?([0-9A-Za-z]{6,20})$/;
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

function isOwnHost(hostname: string, appHostname: string | null): boolean {
  return (
    hostname === "localhost" ||
    hostname === "127.0.0.1" ||
    hostname === "[::1]" ||
    hostname.endsWith(".workers.dev") ||
    (appHostname !== null && (hostname === appHostname || hostname === `www.${appHostname}`))
  );
}

const HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Strict-Transport-Security": "max-age=31536000",
};

function bare404(): Response {
  return new Response("Not found\n", {
    status: 404,
    headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The scanner's page: the customer's hostname only, never this service's name. */
function page(status: 404 | 410, hostname: string, method: string): Response {
  const { title, text } = LINK_PAGES[status];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}main{max-width:28rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:12px;margin:1rem}h1{font-size:1.4rem;margin:0 0 .5rem}p{margin:0;color:#475569}</style>
</head><body><main><h1>${title}</h1><p>${text}</p><p><small>${escapeHtml(hostname)}</small></p></main></body></html>
`;
  return new Response(method === "HEAD" ? null : html, {
    status,
    headers: { ...HEADERS, "Content-Type": "text/html; charset=utf-8" },
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
  if (isOwnHost(hostname, appHostname)) return null;
  const domain = hostname === target ? null : await lookup(hostname);
  // Without APP_HOSTNAME (local runs) any other hostname is taken for this service's own.
  if (!domain) return appHostname || hostname === target ? bare404() : null;
  if (domain.status !== "active") return bare404();
  const slug = SLUG_PATH.exec(url.pathname)?.[1];
  if (!slug || (request.method !== "GET" && request.method !== "HEAD")) {
    return page(404, hostname, request.method);
  }
  const link = await findTrackedLink(createDatabase(), slug);
  if (!link) return page(404, hostname, request.method);
  if (link.codeId === null || link.workspaceId === null) {
    // A deleted code: its page only where it was printed, so the domain gives nothing away.
    return page(link.domainId === domain.id ? 410 : 404, hostname, request.method);
  }
  if (link.workspaceId !== domain.workspaceId) return page(404, hostname, request.method);
  if (link.owner && countsScans(effectivePlan(link.owner, new Date()))) {
    waitUntil(queueScan(request, link.codeId));
  }
  return new Response(null, {
    status: 302,
    headers: { ...HEADERS, Location: link.targetUrl },
  });
}
