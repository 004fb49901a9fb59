import { Link } from "react-router";
import { helpFaqs, helpTopics } from "../content/help";
import { planFigures } from "../content/figures";
import { useSalesEmail } from "../components/use-sales-email";
import { Trans, useLocale, useLocalePath, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("help.meta.title"), t("help.meta.description"));
};

export default function Help() {
  const salesEmail = useSalesEmail();
  const t = useT();
  const { code } = useLocale();
  const localePath = useLocalePath();
  const figures = planFigures(code);
  // A topic's page in the visitor's language, its query (a FAQ category) kept.
  const topicHref = (href: string) => {
    const [path = "/", query] = href.split("?");
    return localePath(path) + (query ? `?${query}` : "");
  };
  return (
    <div className="container">
      <header className="page-header">
        <h1>{t("help.title")}</h1>
        <p className="lead">{t("help.lead")}</p>
      </header>
      <section aria-labelledby="topics-heading">
        <h2 id="topics-heading" className="sr-only">
          {t("help.topics.heading")}
        </h2>
        <div className="topic-grid">
          {helpTopics.map((topic) => (
            <Link key={topic.id} to={topicHref(topic.href)} className="card topic-card">
              <h3>{t(`help.topic.${topic.id}.title`)}</h3>
              <p>{t(`help.topic.${topic.id}.description`, figures)}</p>
            </Link>
          ))}
        </div>
        <p>
          <Trans
            id="help.more"
            components={{ 0: <Link to="/bulk" />, 1: <Link to="/docs/api" /> }}
          />
        </p>
      </section>
      <section aria-labelledby="help-faq-heading">
        <h2 id="help-faq-heading">{t("help.faq.heading")}</h2>
        <div className="accordion">
          {helpFaqs.map((faq) => (
            <details key={faq.id}>
              <summary>{t(`help.q.${faq.id}.question`)}</summary>
              <div className="answer">
                <p>{t(`help.q.${faq.id}.answer`, figures)}</p>
              </div>
            </details>
          ))}
        </div>
        <p>
          <Link to={localePath("/faq")}>{t("help.faq.all")}</Link>
        </p>
      </section>
      <section className="card contact-box" aria-labelledby="contact-heading">
        <h2 id="contact-heading">{t("help.contact.heading")}</h2>
        <p>
          <Trans
            id="help.contact.support"
            values={figures}
            components={{ 0: <Link to="/support" /> }}
          />
        </p>
        <p>
          <Trans
            id="help.contact.email"
            values={{ salesEmail }}
            components={{ 0: <a href={`mailto:${salesEmail}`} /> }}
          />
        </p>
      </section>
    </div>
  );
}
