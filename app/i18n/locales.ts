// The languages the product speaks (issue #32), and how a URL and a request name one. Pure: the
// server, the browser and the tests read the same list.

export interface Locale {
  /** BCP 47 tag, used for `lang`, `hreflang`, the catalogue's folder and Intl. */
  code: string;
  /** The URL prefix of public pages ("" for English, which lives at the root). */
  prefix: string;
  /** The language named in itself, as the picker lists it. */
  name: string;
  dir: "ltr" | "rtl";
}

export const DEFAULT_LOCALE: Locale = { code: "en", prefix: "", name: "English", dir: "ltr" };

export const LOCALES: readonly Locale[] = [
  DEFAULT_LOCALE,
  { code: "es", prefix: "es", name: "Español", dir: "ltr" },
  { code: "pt-BR", prefix: "pt-br", name: "Português (Brasil)", dir: "ltr" },
  { code: "fr", prefix: "fr", name: "Français", dir: "ltr" },
  { code: "de", prefix: "de", name: "Deutsch", dir: "ltr" },
  { code: "it", prefix: "it", name: "Italiano", dir: "ltr" },
  { code: "ja", prefix: "ja", name: "日本語", dir: "ltr" },
  { code: "zh-CN", prefix: "zh-cn", name: "简体中文", dir: "ltr" },
  { code: "ar", prefix: "ar", name: "العربية", dir: "rtl" },
];

/**
 * Accented and 40% longer English, for finding untranslated text and layouts that break on long
 * words. Never offered to people; served only outside production (`/en-xa/…`).
 */
export const PSEUDO_LOCALE: Locale = {
  code: "en-XA",
  prefix: "en-xa",
  name: "Ƥşéûđöļöçåļé",
  dir: "ltr",
};

/** The cookie that keeps a visitor's choice of language. */
export const LANGUAGE_COOKIE = "lang";

/** The public pages that have a copy under each locale's prefix ("/es/pricing"). */
export const PUBLIC_PATHS = [
  "/",
  "/pricing",
  "/faq",
  "/help",
  "/privacy",
  "/terms",
  "/auth",
  "/signin",
  "/forgot-password",
] as const;

export function localeByCode(code: string | null | undefined, allowPseudo = false): Locale | null {
  if (!code) return null;
  const wanted = code.toLowerCase();
  if (allowPseudo && wanted === PSEUDO_LOCALE.code.toLowerCase()) return PSEUDO_LOCALE;
  return LOCALES.find((locale) => locale.code.toLowerCase() === wanted) ?? null;
}

export function localeByPrefix(prefix: string, allowPseudo = false): Locale | null {
  if (!prefix) return null;
  const wanted = prefix.toLowerCase();
  if (allowPseudo && wanted === PSEUDO_LOCALE.prefix) return PSEUDO_LOCALE;
  return LOCALES.find((locale) => locale.prefix && locale.prefix === wanted) ?? null;
}

/** Whether `path` (without a prefix) is one of the public pages that have translated URLs. */
export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path === "" ? "/" : path);
}

/**
 * The page a request is for. A client-side navigation or a revalidation asks for a page's data at
 * "<page>.data": "/pricing.data", "/es.data", and "/_.data" or "/es/_.data" for a path ending in
 * "/" (older React Router: "/_root.data").
 */
export function requestedPage(pathname: string): string {
  return pathname.replace(/\/_(?:root)?\.data$/, "/").replace(/\.data$/, "") || "/";
}

/**
 * Splits "/es/pricing" into Spanish and "/pricing". A path without a known prefix is English's
 * (or nobody's: `locale` is null and `path` is unchanged).
 */
export function splitLocalePath(
  pathname: string,
  allowPseudo = false,
): { locale: Locale | null; path: string } {
  const match = /^\/([a-zA-Z-]{2,5})(\/.*)?$/.exec(pathname);
  const locale = match?.[1] ? localeByPrefix(match[1], allowPseudo) : null;
  if (!match || !locale) return { locale: null, path: pathname };
  return { locale, path: match[2] && match[2] !== "/" ? match[2] : "/" };
}

/**
 * The address of `path` for a reader of `locale`: public pages get the locale's prefix, every
 * other page (signed-in pages follow the account's language) keeps its one address.
 */
export function localizedPath(locale: Locale, path: string): string {
  const [pathname, rest = ""] = splitAt(path);
  if (!locale.prefix || !isPublicPath(pathname)) return path;
  return `/${locale.prefix}${pathname === "/" ? "/" : pathname}${rest}`;
}

function splitAt(path: string): [string, string] {
  const at = path.search(/[?#]/);
  return at === -1 ? [path, ""] : [path.slice(0, at), path.slice(at)];
}

/**
 * The first supported language an `Accept-Language` header asks for, by its q-values; a region
 * falls back to its language ("es-MX" → Español, "pt-PT" → Português (Brasil), "zh-TW" → none).
 */
export function acceptedLocale(header: string | null): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag && range.q > 0 && Number.isFinite(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = localeByCode(tag);
    if (exact) return exact;
    const language = tag.split("-")[0];
    if (language === "zh" && !/^zh(-hans)?(-cn|-sg)?$/.test(tag)) continue;
    const loose = LOCALES.find((locale) => locale.code.toLowerCase().split("-")[0] === language);
    if (loose) return loose;
  }
  return null;
}
