import { shortLinkUrl } from "../domains/links";
import { etagFor } from "../caching/etag";
import type { Database } from "../db/client.server";
import type { QrCodeRecord } from "../db/schema";
import { trackedSlugs } from "../models/qr-codes.server";
import { renderPng } from "../qr/png-encode";
import { logoDataUrl, renderLogoPng } from "../qr/png.server";
import { contentMatrix, downloadBaseName } from "../qr/render";
import { renderSvg } from "../qr/svg";
import type { QrContent, QrSize } from "../qr/types";
import { codeLogo } from "./code-logo.server";

// A saved code's image, for the dashboard's downloads and the public API: a tracked code encodes
// its short link on this service, which counts the scan and redirects; a logo raises the error
// correction to H. The ETag is known before the work, so a revalidation costs no rendering.

export type ImageFormat = "png" | "svg";

export interface SavedImage {
  etag: string;
  /** The short link's slug when scans are tracked. */
  slug: string | null;
  fileName: string;
  contentType: string;
  render: () => Promise<Uint8Array<ArrayBuffer> | string>;
}

export async function savedImage(
  db: Database,
  code: QrCodeRecord,
  content: QrContent,
  origin: string,
  format: ImageFormat,
  size: QrSize = code.customization.size,
): Promise<SavedImage> {
  const link = (await trackedSlugs(db, [code.id])).get(code.id) ?? null;
  const linkUrl = link ? shortLinkUrl(origin, link) : null;
  const encoded = linkUrl ? { type: "url" as const, url: linkUrl } : content;
  const style = { ...code.customization, size };
  const etag = await etagFor([
    code.id,
    code.updatedAt.getTime(),
    format,
    size,
    linkUrl ?? "",
    code.logoUrl ?? "",
  ]);
  return {
    etag,
    slug: link?.slug ?? null,
    fileName: `${downloadBaseName(content)}.${format}`,
    contentType: format === "svg" ? "image/svg+xml" : "image/png",
    render: async () => {
      const logo = await codeLogo(db, code);
      const matrix = contentMatrix(encoded, logo ? "H" : "M");
      if (format === "svg") {
        return renderSvg(matrix, { ...style, logoHref: logo ? logoDataUrl(logo) : undefined });
      }
      return logo ? renderLogoPng(matrix, style, logo) : renderPng(matrix, style);
    },
  };
}

/** An SVG is an active document: served with no scripts allowed. */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
