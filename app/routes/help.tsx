import { Link } from "react-router";
import { helpFaqs, helpTopics } from "../content/help";
import { useSalesEmail } from "../components/use-sales-email";
import { PLANS } from "../plans/catalogue";
import { pageMeta } from "../seo";

export const meta = () =>
  pageMeta(
    "Help Center",
    "Guides and answers for creating, customising, downloading and scanning QR codes.",
  );

export default function Help() {
  const salesEmail = useSalesEmail();
  return (
    <div className="container">
      <header className="page-header">
        <h1>Help Center</h1>
        <p className="lead">Find your way around QR Code Creator, or ask us directly.</p>
      </header>
      <section aria-labelledby="topics-heading">
        <h2 id="topics-heading" className="sr-only">
          Topics
        </h2>
        <div className="topic-grid">
          {helpTopics.map((topic) => (
            <Link key={topic.id} to={topic.href} className="card topic-card">
              <h3>{topic.title}</h3>
              <p>{topic.description}</p>
            </Link>
          ))}
        </div>
        <p>
          Need hundreds of codes at once? Upload a spreadsheet to{" "}
          <Link to="/bulk">bulk generation</Link> (Premium and Ultimate). Making codes from your own
          systems? Read the <Link to="/docs/api">API reference</Link> (Ultimate plan).
        </p>
      </section>
      <section aria-labelledby="help-faq-heading">
        <h2 id="help-faq-heading">Frequently asked questions</h2>
        <div className="accordion">
          {helpFaqs.map((faq) => (
            <details key={faq.id}>
              <summary>{faq.question}</summary>
              <div className="answer">
                <p>{faq.answer}</p>
              </div>
            </details>
          ))}
        </div>
        <p>
          <Link to="/faq">See all questions in the FAQ</Link>
        </p>
      </section>
      <section className="card contact-box" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Still need help?</h2>
        <p>
          Signed in? <Link to="/support">Write to support</Link> and follow the answer on your
          requests page: Premium answers within {PLANS.premium.capabilities.supportResponseHours}{" "}
          hours, Ultimate within {PLANS.ultimate.capabilities.supportResponseHours} hours.
        </p>
        <p>
          Write to us at <a href={`mailto:${salesEmail}`}>{salesEmail}</a>. We answer every message,
          usually within one business day.
        </p>
      </section>
    </div>
  );
}
