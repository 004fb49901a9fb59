import { shortLinkUrl } from "../domains/links";
import type { Database } from "../db/client.server";
import type { QrCodeRecord } from "../db/schema";
import { customizationOf, type StoredCustomization } from "../design/customization";
import { designSvg } from "../design/render";
import { logoDataUrl } from "../qr/png.server";
import { encodePayload } from "../qr/payload";
import { bytesToBase64Url } from "../qr/base64";
import { trackedSlugs, savedContent } from "../models/qr-codes.server";
import { codeLogo } from "./code-logo.server";

// A code's thumbnail on the dashboard (issue #29): the saved design drawn small, as SVG, at a URL
// named by a hash of everything drawn (what it encodes, its design, its logo). The list computes
// the hash from the row it already has; the image answers once per browser and is kept for a
// year ("immutable"), because a change of design or link makes a new hash and so a new URL.
// <img> over inline SVG: the list's HTML stays small and its request does no drawing (a page of
// 25 designs inline would cost tens of kilobytes and milliseconds of CPU on every visit).

export const THUMBNAIL_PIXELS = 96;

/**
 * What a thumbnail is drawn from: the stored content and design (as JSON.stringify writes them
 * after JSON.parse, so the list's raw columns and the route's parsed record hash alike), the
 * logo's key, and the short link a dynamic code encodes instead of its content.
 */
export interface ThumbnailSource {
  type: string;
  data: string;
  customization: string;
  logoUrl: string | null;
  linkUrl: string | null;
}

export async function thumbnailHash(source: ThumbnailSource): Promise<string> {
  const text = JSON.stringify([
    THUMBNAIL_PIXELS,
    source.type,
    source.data,
    source.customization,
    source.logoUrl ?? "",
    source.linkUrl ?? "",
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return bytesToBase64Url(new Uint8Array(digest).slice(0, 16));
}

export function thumbnailPath(id: number, hash: string): string {
  return `/dashboard/thumbnails/${id}/${hash}.svg`;
}

/** The thumbnail of a code the caller may see, with its current hash. */
export async function drawThumbnail(
  db: Database,
  code: QrCodeRecord,
  origin: string,
): Promise<{ hash: string; svg: string } | null> {
  const content = savedContent(code);
  if (!content) return null;
  const link = (await trackedSlugs(db, [code.id])).get(code.id) ?? null;
  const linkUrl = link ? shortLinkUrl(origin, link) : null;
  const hash = await thumbnailHash({
    type: code.type,
    data: JSON.stringify(code.data),
    customization: JSON.stringify(code.customization),
    logoUrl: code.logoUrl,
    linkUrl,
  });
  const payload = linkUrl ? encodePayload({ type: "url", url: linkUrl }) : encodePayload(content);
  let logoHref: string | undefined;
  try {
    const logo = await codeLogo(db, code);
    logoHref = logo ? logoDataUrl(logo) : undefined;
  } catch {
    // A logo that cannot be drawn is left out of the small picture; downloads say why.
    logoHref = undefined;
  }
  const design = customizationOf(code.customization as StoredCustomization);
  return { hash, svg: designSvg(payload, design, { width: THUMBNAIL_PIXELS, logoHref }) };
}
