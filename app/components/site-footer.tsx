import { Link, useLocation } from "react-router";
import { useLocale, useLocalePath, useT } from "../i18n/i18n";
import { LOCALES, splitLocalePath } from "../i18n/locales";

export function SiteFooter({ salesEmail }: { salesEmail: string }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <nav aria-label={t("common.footer.label")} className="footer-links">
          <Link to={localePath("/help")}>{t("common.footer.help")}</Link>
          <Link to={localePath("/faq")}>{t("common.footer.faq")}</Link>
          <Link to="/bulk">{t("common.footer.bulk")}</Link>
          <Link to="/docs/api">{t("common.footer.api")}</Link>
          <Link to={localePath("/privacy")}>{t("common.footer.privacy")}</Link>
          <Link to={localePath("/terms")}>{t("common.footer.terms")}</Link>
          <a href={`mailto:${salesEmail}`}>{t("common.footer.contact")}</a>
        </nav>
        <LanguagePicker />
        <p className="copyright">{t("common.footer.copyright")}</p>
      </div>
    </footer>
  );
}

/**
 * Every language, named in itself, as buttons of one form: works without JavaScript, and the
 * choice is kept (routes/language.ts). The current language is marked, not offered.
 */
function LanguagePicker() {
  const t = useT();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const { path } = splitLocalePath(pathname, true);
  return (
    <details className="language-picker">
      <summary>
        <span aria-hidden="true">🌐 </span>
        {t("common.language.label")}: <span lang={current.code}>{current.name}</span>
      </summary>
      <form method="post" action="/language">
        <input type="hidden" name="next" value={path + search} />
        <ul>
          {LOCALES.map((locale) => (
            <li key={locale.code}>
              <button
                type="submit"
                name="lang"
                value={locale.code}
                lang={locale.code}
                dir={locale.dir}
                aria-current={locale.code === current.code ? "true" : undefined}
                disabled={locale.code === current.code}
              >
                {locale.name}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}
