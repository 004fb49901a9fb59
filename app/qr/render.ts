import { encodeMatrix, type QrMatrix } from "./matrix";
import { encodePayload } from "./payload";
import { renderSvg } from "./svg";
import type { ErrorCorrection, QrContent, QrStyle } from "./types";
import { trimChars } from "../validation/trim";

export function contentMatrix(content: QrContent, ecLevel: ErrorCorrection = "M"): QrMatrix {
  return encodeMatrix(encodePayload(content), ecLevel);
}

export function contentSvg(content: QrContent, style: QrStyle): string {
  return renderSvg(contentMatrix(content), style);
}

/** "qr-example.com", "qr-wifi-cafe-net": a download's file name without extension. */
export function downloadBaseName(content: QrContent): string {
  let subject: string;
  if (content.type === "url") subject = new URL(content.url).hostname;
  else if (content.type === "wifi") subject = `wifi-${content.ssid}`;
  else if (content.type === "contact") subject = `contact-${content.firstName}-${content.lastName}`;
  else subject = content.type;
  const dashed = subject
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9.]+/g, "-");
  const slug = trimChars(trimChars(dashed, "-").slice(0, 40), "-", "end");
  return `qr-${slug || content.type}`;
}
