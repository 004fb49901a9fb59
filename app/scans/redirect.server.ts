import { env } from "cloudflare:workers";
import { deviceClass } from "../codes/device";
import { describeError, log } from "../observability/log.server";
import type { ScanEvent } from "./events.server";
import { leadsTo } from "../destinations/destination";
import { liveLink } from "./links.server";
import { visitorHash } from "./visitor.server";
import { appOrigin } from "../config/app-url.server";
import { scannerPage } from "../brand/scanner-page";

// GET /s/{slug}, the hottest path: answered before the app's router, from the edge copy of the
// link, with the scan put on the queue after the answer. A deleted or unknown link (and any
// failure here) goes on to the route, which answers from D1 with its 404 or 410 page.

const SCAN_PATH = /^\/s\/([0-9A-Za-z]{6,20})$/;

export async function queueScan(request: Request, codeId: number): Promise<void> {
  const userAgent = request.headers.get("User-Agent");
  const cf = (
    request as Request & {
      cf?: { country?: string; region?: string; city?: string; timezone?: string };
    }
  ).cf;
  const scannedAt = Date.now();
  let visitor: string | null = null;
  try {
    visitor = await visitorHash(env.DB, request, scannedAt);
  } catch (cause) {
    // Counted as a scan still; only its share in the day's unique scanners is lost.
    log("warn", "scan_visitor_unknown", { codeId, ...describeError(cause) });
  }
  const event: ScanEvent = {
    id: crypto.randomUUID(),
    codeId,
    visitor,
    userAgent,
    location: {
      country: cf?.country ?? null,
      region: cf?.region ?? null,
      city: cf?.city ?? null,
      timezone: cf?.timezone ?? null,
      device: deviceClass(userAgent),
    },
    scannedAt,
  };
  try {
    await env.SCAN_QUEUE.send(event);
  } catch (cause) {
    // The visitor was redirected already; only this scan's count is lost.
    log("warn", "scan_not_queued", { codeId, ...describeError(cause) });
  }
}

export async function scanRedirect(
  request: Request,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  const slug = SCAN_PATH.exec(url.pathname)?.[1];
  if (!slug) return null;
  try {
    const link = await liveLink(appOrigin(), slug, waitUntil);
    if (!link) return null;
    if (link.unavailable)
      return scannerPage(403, { hostname: url.hostname, brand: null }, request.method);
    const destination = leadsTo(link.targetUrl, link.next ?? null, Date.now());
    // Never on to another of our links (issue #27): the route answers that with its 404 page.
    if (link.loops?.includes(destination)) return null;
    if (link.counted) waitUntil(queueScan(request, link.codeId));
    return new Response(null, {
      status: 302,
      headers: {
        Location: destination,
        "Cache-Control": "no-store",
      },
    });
  } catch (cause) {
    log("warn", "scan_fast_path_failed", describeError(cause));
    return null;
  }
}
