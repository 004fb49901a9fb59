import { useT } from "../../i18n/i18n";

/** "Download my data": one JSON file from /account/export. */
export function DataSection() {
  const t = useT();
  return (
    <section className="card account-section" aria-labelledby="data-heading" id="data">
      <h2 id="data-heading">{t("account.nav.data")}</h2>
      <p className="muted">{t("account.data.lead")}</p>
      {/* A plain link: the file downloads, with or without JavaScript. */}
      <a href="/account/export" className="btn btn-ghost" download>
        {t("account.data.download")}
      </a>
    </section>
  );
}
