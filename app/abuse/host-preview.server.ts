import { SCANNER_PAGE_HEADERS } from "../brand/scanner-page";
import { appOrigin } from "../config/app-url.server";
import { serverI18n } from "../i18n/catalog.server";
import type { Locale } from "../i18n/locales";
import { escapeHtml } from "../security/escape-html";
import { previewPath } from "./reports";
import type { LinkPreview } from "./preview.server";

// The preview of a short link on a customer's hostname (`/{slug}+`, issue #31). Such hostnames
// serve only what a scanner sees and never set a cookie (ARCHITECTURE decision 15), so this page
// has no form: it shows where the link leads and who made it, and sends a reporter to the preview
// on this service's own host, where the report form lives behind the usual cross-site guard.

export function hostPreviewResponse(
  preview: Extract<LinkPreview, { state: "live" }>,
  hostname: string,
  method: string,
  locale: Locale,
): Response {
  const i18n = serverI18n(locale);
  const t = (id: string) => escapeHtml(i18n._(id));
  const report = `${appOrigin()}${previewPath(preview.slug)}#report-heading`;
  const html = `<!doctype html>
<html lang="${locale.code}" dir="${locale.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t("scan.preview.title")}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}main{max-width:32rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:12px;margin:1rem}h1{font-size:1.4rem;margin:0 0 1rem}dt{font-weight:600}dd{margin:0 0 1rem;overflow-wrap:anywhere}p{color:#475569}</style>
</head><body><main><h1>${t("scan.preview.title")}</h1><dl><dt>${t("scan.preview.leadsTo")}</dt><dd><a href="${escapeHtml(preview.destination)}" rel="noopener noreferrer nofollow">${escapeHtml(preview.destination)}</a></dd><dt>${t("scan.preview.madeBy")}</dt><dd>${escapeHtml(preview.maker)}</dd></dl>
<p>${t("scan.preview.trustShort")}</p><p><a href="${escapeHtml(report)}">${t("scan.report.title")}</a></p><p><small>${escapeHtml(hostname)}</small></p></main></body></html>
`;
  return new Response(method === "HEAD" ? null : html, {
    status: 200,
    headers: {
      ...SCANNER_PAGE_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": locale.code,
      Vary: "Accept-Language",
    },
  });
}
