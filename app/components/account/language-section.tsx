import { useLocale, useT } from "../../i18n/i18n";
import { LOCALES } from "../../i18n/locales";

/**
 * The language of the account's pages and e-mails (issue #32). A plain form to /language, the
 * footer picker's route: it keeps the choice on the account and in the cookie, then comes back
 * here in the new language. Each language is named in itself.
 */
export function LanguageSection() {
  const t = useT();
  const current = useLocale();
  return (
    <section className="card account-section" aria-labelledby="language-heading" id="language">
      <h2 id="language-heading">{t("account.language.title")}</h2>
      <p className="muted" id="language-hint">
        {t("account.language.current")} <strong lang={current.code}>{current.name}</strong>
      </p>
      <form method="post" action="/language" className="account-form">
        <input type="hidden" name="next" value="/account#language" />
        <div className="field">
          <label htmlFor="language-choice">{t("account.language.label")}</label>
          <select
            id="language-choice"
            name="lang"
            defaultValue={current.code}
            aria-describedby="language-hint"
          >
            {LOCALES.map((locale) => (
              <option key={locale.code} value={locale.code} lang={locale.code}>
                {locale.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          {t("account.language.save")}
        </button>
      </form>
    </section>
  );
}
