import { serverI18n } from "../i18n/catalog.server";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { LINK_PAGES, type LinkPage, linkPageStatus } from "../scans/link-pages";
import { escapeHtml } from "../security/escape-html";

// The page a person scanning a tracked code reads when it leads nowhere (404, 410, disabled or unavailable), on a
// customer's domain or, for a branded workspace, on this service's /s/{slug} (issue #18). It names
// the customer's brand or hostname, never this service. Pure: one HTML string, no script.

export interface PageBrand {
  name: string;
  accentColor: string;
  supportUrl: string | null;
  logoUrl: string | null;
  faviconUrl: string | null;
}

export const SCANNER_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Strict-Transport-Security": "max-age=31536000",
} as const;

export type ScannerPageStatus = keyof typeof LINK_PAGES;

export function scannerPageHtml(
  kind: LinkPage,
  {
    hostname,
    brand,
    locale = DEFAULT_LOCALE,
  }: {
    hostname: string;
    brand: PageBrand | null;
    /** The scanner's language (scans/scanner-locale.server.ts). */
    locale?: Locale;
  },
): string {
  const i18n = serverI18n(locale);
  const title = escapeHtml(i18n._(LINK_PAGES[kind].title));
  const text = escapeHtml(i18n._(LINK_PAGES[kind].text));
  const accent = brand?.accentColor ?? "#0f172a";
  const name = brand ? escapeHtml(brand.name) : "";
  const header = !brand
    ? ""
    : brand.logoUrl
      ? `<header><img src="${escapeHtml(brand.logoUrl)}" alt="${name}" height="48"></header>`
      : `<header><strong class="brand">${name}</strong></header>`;
  const support = brand?.supportUrl
    ? `<p class="support"><a href="${escapeHtml(brand.supportUrl)}">${escapeHtml(i18n._("scan.contact", { name: brand.name }))}</a></p>`
    : "";
  const icon = brand?.faviconUrl ? `<link rel="icon" href="${escapeHtml(brand.faviconUrl)}">` : "";
  return `<!doctype html>
<html lang="${locale.code}" dir="${locale.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="theme-color" content="${accent}"><title>${title}${brand ? ` · ${name}` : ""}</title>${icon}
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}main{max-width:28rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-top:4px solid ${accent};border-radius:12px;margin:1rem}header{margin:0 0 1rem}header img{max-width:12rem;height:48px;object-fit:contain}.brand{font-size:1.1rem;color:${accent}}h1{font-size:1.4rem;margin:0 0 .5rem}p{margin:0 0 .5rem;color:#475569}a{color:${accent};font-weight:600}</style>
</head><body><main>${header}<h1>${title}</h1><p>${text}</p>${support}<p><small>${escapeHtml(hostname)}</small></p></main></body></html>
`;
}

export function scannerPage(
  kind: LinkPage,
  page: { hostname: string; brand: PageBrand | null; locale: Locale },
  method: string,
): Response {
  return new Response(method === "HEAD" ? null : scannerPageHtml(kind, page), {
    status: linkPageStatus(kind),
    headers: {
      ...SCANNER_PAGE_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": page.locale.code,
      Vary: "Accept-Language",
    },
  });
}
