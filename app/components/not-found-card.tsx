import { Link } from "react-router";
import { useLocalePath, useT } from "../i18n/i18n";

export function NotFoundCard() {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <section className="container narrow">
      <div className="card status-card" role="alert">
        <h1>{t("common.notFound.title")}</h1>
        <p>{t("common.notFound.text")}</p>
        <p className="card-actions">
          <Link to={localePath("/")} className="btn btn-primary">
            {t("common.notFound.home")}
          </Link>
          <Link to={localePath("/help")} className="btn btn-ghost">
            {t("common.notFound.help")}
          </Link>
        </p>
      </div>
    </section>
  );
}
