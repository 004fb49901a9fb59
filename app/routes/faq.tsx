import { Link } from "react-router";
import { type FaqCategoryId, faqCategories, faqEntries } from "../content/faq";
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

export const meta = () =>
  pageMeta(
    "FAQ",
    "Answers to common questions about QR code basics, design and customisation, downloading and scanning.",
  );

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const entries = category ? faqEntries.filter((entry) => entry.category === category) : faqEntries;
  return (
    <div className="container narrow">
      <header className="page-header">
        <h1>Frequently Asked Questions</h1>
        <p className="lead">
          Everything about creating, designing, downloading and scanning codes.
        </p>
      </header>
      <nav aria-label="FAQ categories">
        <ul className="filter-bar">
          <li>
            <Link to="/faq" className="chip" aria-current={category === null ? "page" : undefined}>
              All
            </Link>
          </li>
          {faqCategories.map((item) => (
            <li key={item.id}>
              <Link
                to={`/faq?category=${item.id}`}
                className="chip"
                aria-current={category === item.id ? "page" : undefined}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted" aria-live="polite">
        {entries.length} questions
      </p>
      <div className="accordion">
        {entries.map((entry) => (
          <details key={entry.id} id={entry.id}>
            <summary>{entry.question}</summary>
            <div className="answer">
              {entry.answer.split("\n\n").map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}
