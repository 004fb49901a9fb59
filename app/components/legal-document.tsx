import type { LegalDocument } from "../content/legal";
import { legalLastUpdated } from "../content/legal";
import { useSalesEmail } from "./use-sales-email";

/** Renders a policy from app/content, putting the configured sales address where it belongs. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const salesEmail = useSalesEmail();
  const fill = (text: string) => text.replaceAll("{salesEmail}", salesEmail);
  return (
    <article className="container prose">
      <header className="page-header">
        <h1>{document.title}</h1>
        <p className="muted">Last updated {legalLastUpdated}</p>
        <p>{fill(document.intro)}</p>
      </header>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
          {section.bullets ? (
            <ul>
              {section.bullets.map((bullet) => (
                <li key={bullet}>{fill(bullet)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
