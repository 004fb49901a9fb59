import { shortLinkUrl } from "../domains/links";
import { etagFor } from "../caching/etag";
import type { Database } from "../db/client.server";
import type { QrCodeRecord } from "../db/schema";
import { trackedSlugs } from "../models/qr-codes.server";
import { customizationOf } from "../design/customization";
import {
  CONTENT_TYPES,
  type DesignFormat,
  type DesignImageOptions,
  designImage,
} from "../design/image.server";
import { encodePayload } from "../qr/payload";
import { downloadBaseName } from "../qr/render";
import type { QrContent, QrSize } from "../qr/types";
import { codeLogo } from "./code-logo.server";

// A saved code's image, for the dashboard's downloads and the public API: a tracked code encodes
// its short link on this service, which counts the scan and redirects; a logo raises the error
// correction to H. The image is drawn from the code's design (issue #28) and, when styled, read
// back by a decoder first (app/design/image.server.ts). The ETag is known before the work, so a revalidation costs no rendering.

export type ImageFormat = DesignFormat;

/** Print options of a saved code's image: PNG resolution, PDF and EPS width and colours. */
export type PrintOptions = Pick<
  DesignImageOptions,
  "pixels" | "pixelsPerMetre" | "cmyk" | "widthPt"
>;

export interface SavedImage {
  etag: string;
  /** The short link's slug when scans are tracked. */
  slug: string | null;
  fileName: string;
  contentType: string;
  render: () => Promise<Uint8Array<ArrayBuffer> | string>;
}

/** What a saved code's image encodes: its short link when scans are tracked, else its content. */
export async function encodedContent(
  db: Database,
  code: QrCodeRecord,
  content: QrContent,
  origin: string,
) {
  const link = (await trackedSlugs(db, [code.id])).get(code.id) ?? null;
  const linkUrl = link ? shortLinkUrl(origin, link) : null;
  const encoded: QrContent = linkUrl ? { type: "url", url: linkUrl } : content;
  return { link, linkUrl, encoded };
}

export async function savedImage(
  db: Database,
  code: QrCodeRecord,
  content: QrContent,
  origin: string,
  format: ImageFormat,
  size: QrSize = code.customization.size,
  print: PrintOptions = {},
): Promise<SavedImage> {
  const { link, linkUrl, encoded } = await encodedContent(db, code, content, origin);
  const customization = { ...customizationOf(code.customization), size };
  const etag = await etagFor([
    code.id,
    code.updatedAt.getTime(),
    format,
    size,
    linkUrl ?? "",
    code.logoUrl ?? "",
    JSON.stringify(code.customization),
    JSON.stringify(print),
  ]);
  return {
    etag,
    slug: link?.slug ?? null,
    fileName: `${downloadBaseName(content)}.${format}`,
    contentType: CONTENT_TYPES[format],
    render: async () => {
      const logo = await codeLogo(db, code);
      return designImage(format, {
        payload: encodePayload(encoded),
        customization,
        logo,
        ...print,
      });
    },
  };
}

/** An SVG is an active document: served with no scripts allowed. */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
