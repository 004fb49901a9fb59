import { useLocation } from "react-router";
import { useT } from "../../i18n/i18n";

/**
 * Shown on every page to a signed-in person whose address is not confirmed yet. The account
 * works all the same; "Resend e-mail" is a plain form post, so it works without JavaScript.
 */
export function VerifyEmailBanner() {
  const location = useLocation();
  const t = useT();
  return (
    <div className="verify-banner" role="region" aria-label={t("common.verify.label")}>
      <div className="container verify-banner-inner">
        <p>
          <strong>{t("common.verify.title")}</strong> {t("common.verify.text")}
        </p>
        <form method="post" action="/verify-email">
          <input type="hidden" name="redirect" value={location.pathname + location.search} />
          <button type="submit" className="btn btn-ghost">
            {t("common.verify.resend")}
          </button>
        </form>
      </div>
    </div>
  );
}
