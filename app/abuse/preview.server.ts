import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { workspaces } from "../db/schema";
import { shownBrand } from "../models/brands.server";
import { findTrackedLink } from "../models/qr-codes.server";
import { linkStop } from "../scans/link-state";
import { destinationNow } from "../scans/links.server";

// What the preview page of a short link (/s/{slug}+, issue #31) shows: where it leads and who made
// it, read from D1 like the /s/{slug} route, with nothing counted as a scan.

export const PERSONAL_MAKER = "A personal QR Code Creator account";

export type LinkPreview =
  | { state: "missing" }
  | { state: "deleted" }
  | { state: "disabled"; slug: string; workspaceId: string }
  | { state: "live"; slug: string; workspaceId: string; destination: string; maker: string };

export async function linkPreview(db: Database, slug: string, now = new Date()) {
  const link = /^[0-9A-Za-z]{6,20}$/.test(slug) ? await findTrackedLink(db, slug) : null;
  if (!link) return { state: "missing" } satisfies LinkPreview;
  if (link.codeId === null || link.workspaceId === null) {
    return { state: "deleted" } satisfies LinkPreview;
  }
  const { workspaceId } = link;
  if (linkStop(link)) return { state: "disabled", slug, workspaceId } satisfies LinkPreview;
  // The brand the workspace's scanners see; without one, a team's name. A personal workspace is
  // named "Personal", which says nothing, and its owner's name is not for strangers to read.
  const brand = await shownBrand(db, link.workspaceId, now);
  const workspace = brand
    ? null
    : await db
        .select({ name: workspaces.name, personal: workspaces.personal })
        .from(workspaces)
        .where(eq(workspaces.id, link.workspaceId))
        .get();
  const maker = brand?.name ?? (workspace && !workspace.personal ? workspace.name : PERSONAL_MAKER);
  return {
    state: "live",
    slug,
    workspaceId,
    destination: destinationNow(link, now),
    maker,
  } satisfies LinkPreview;
}
