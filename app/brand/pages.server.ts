import { createDatabase, type Database } from "../db/client.server";
import { shownBrand } from "../models/brands.server";
import { findTrackedLink } from "../models/qr-codes.server";
import { brandAssetPath } from "./assets.server";
import type { Locale } from "../i18n/locales";
import { type PageBrand, scannerPage } from "./scanner-page";

// Where a workspace's brand meets the pages scanners see (issue #18).

/** The brand to show for a workspace's codes, with its images' addresses on this host. */
export async function pageBrand(
  db: Database,
  workspaceId: string,
  customHost: boolean,
  now = new Date(),
): Promise<PageBrand | null> {
  const brand = await shownBrand(db, workspaceId, now);
  if (!brand) return null;
  return {
    name: brand.name,
    accentColor: brand.accentColor,
    supportUrl: brand.supportUrl,
    logoUrl: brand.logoKey ? brandAssetPath(brand.logoKey, customHost) : null,
    faviconUrl: brand.faviconKey ? brandAssetPath(brand.faviconKey, customHost) : null,
  };
}

const SCAN_PATH = /^\/s\/([0-9A-Za-z]{6,20})$/;

/**
 * This service's /s/{slug} when the link no longer leads anywhere (the fast path did not answer):
 * a deleted code of a branded workspace gets the brand's 410 page. Anything else (null) goes on
 * to the route's own 404 and 410 pages.
 */
export async function brandedScanMiss(
  request: Request,
  /** The scanner's language, as the /s/ route resolves it (i18n/locale.server.ts). */
  locale: () => Promise<Locale>,
): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  const slug = SCAN_PATH.exec(url.pathname)?.[1];
  if (!slug) return null;
  const db = createDatabase();
  const link = await findTrackedLink(db, slug);
  if (!link?.linkWorkspaceId || (link.codeId !== null && link.ownerId !== null)) return null;
  const brand = await pageBrand(db, link.linkWorkspaceId, false);
  if (!brand) return null;
  return scannerPage(
    410,
    { hostname: url.hostname, brand, locale: await locale() },
    request.method,
  );
}
