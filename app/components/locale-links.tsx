// A public page's canonical address and its copies in every language (issue #32), for search
// engines; English at the root is also the x-default. Addresses come from APP_URL (decision 18).
import { useLocation } from "react-router";
import {
  isPublicPath,
  type Locale,
  LOCALES,
  localizedPath,
  PSEUDO_LOCALE,
  splitLocalePath,
} from "../i18n/locales";

export function LocaleLinks({ origin, locale }: { origin: string; locale: Locale }) {
  const { pathname } = useLocation();
  const { path } = splitLocalePath(pathname, true);
  if (locale === PSEUDO_LOCALE || locale.code === PSEUDO_LOCALE.code) {
    return <meta name="robots" content="noindex" />;
  }
  if (!isPublicPath(path)) return null;
  return (
    <>
      <link rel="canonical" href={origin + localizedPath(locale, path)} />
      {LOCALES.map((alternate) => (
        <link
          key={alternate.code}
          rel="alternate"
          hrefLang={alternate.code}
          href={origin + localizedPath(alternate, path)}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + path} />
    </>
  );
}
