import { Link } from "react-router";
import { type FaqCategoryId, faqCategories, faqEntries } from "../content/faq";
import { planFigures } from "../content/figures";
import { useLocale, useLocalePath, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/faq";

function isCategory(value: string | null): value is FaqCategoryId {
  return faqCategories.some((category) => category.id === value);
}

// The category filter is a query parameter so that it works as plain links without JavaScript.
export function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("category");
  return { category: isCategory(requested) ? requested : null };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("faq.meta.title"), t("faq.meta.description"));
};

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const t = useT();
  const { code } = useLocale();
  const localePath = useLocalePath();
  const figures = planFigures(code);
  const entries = category ? faqEntries.filter((entry) => entry.category === category) : faqEntries;
  return (
    <div className="container narrow">
      <header className="page-header">
        <h1>{t("faq.title")}</h1>
        <p className="lead">{t("faq.lead")}</p>
      </header>
      <nav aria-label={t("faq.categories.label")}>
        <ul className="filter-bar">
          <li>
            <Link
              to={localePath("/faq")}
              className="chip"
              aria-current={category === null ? "page" : undefined}
            >
              {t("faq.categories.all")}
            </Link>
          </li>
          {faqCategories.map((item) => (
            <li key={item.id}>
              <Link
                to={`${localePath("/faq")}?category=${item.id}`}
                className="chip"
                aria-current={category === item.id ? "page" : undefined}
              >
                {t(`faq.category.${item.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted" aria-live="polite">
        {t("faq.count", { count: entries.length })}
      </p>
      <div className="accordion">
        {entries.map((entry) => (
          <details key={entry.id} id={entry.id}>
            <summary>{t(`faq.q.${entry.id}.question`)}</summary>
            <div className="answer">
              {t(`faq.q.${entry.id}.answer`, figures)
                .split("\n\n")
                .map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}
