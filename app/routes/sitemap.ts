// The public pages in every language, with their alternates (issue #32), for search engines.
// Addresses come from APP_URL, never the request's Host (ARCHITECTURE decision 18).
import { appOrigin } from "../config/app-url.server";
import { LOCALES, localizedPath, PUBLIC_PATHS } from "../i18n/locales";
import { escapeHtml } from "../security/escape-html";

export function loader() {
  const origin = appOrigin();
  const indexable = PUBLIC_PATHS.filter((path) => path !== "/forgot-password");
  const urls = indexable.flatMap((path) =>
    LOCALES.map((locale) => {
      const alternates = LOCALES.map(
        (alternate) =>
          `    <xhtml:link rel="alternate" hreflang="${alternate.code}" href="${escapeHtml(origin + localizedPath(alternate, path))}"/>`,
      );
      return [
        "  <url>",
        `    <loc>${escapeHtml(origin + localizedPath(locale, path))}</loc>`,
        ...alternates,
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + path)}"/>`,
        "  </url>",
      ].join("\n");
    }),
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
