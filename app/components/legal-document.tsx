import { legalLastUpdated, type LegalDocument } from "../content/legal";
import { planFigures } from "../content/figures";
import { Trans, useLocale, useT } from "../i18n/i18n";
import { DEFAULT_LOCALE } from "../i18n/locales";
import { useSalesEmail } from "./use-sales-email";

/** Renders a policy from its messages, with the configured sales address and the plan's numbers. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const t = useT();
  const { code } = useLocale();
  const values = { ...planFigures(code), salesEmail: useSalesEmail() };
  const key = `legal.${document.id}`;
  const lastUpdated = new Intl.DateTimeFormat(code, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${legalLastUpdated}T00:00:00Z`),
  );
  const numbered = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);
  return (
    <article className="container prose">
      <header className="page-header">
        <h1>{t(`${key}.title`)}</h1>
        {code === DEFAULT_LOCALE.code ? null : <EnglishPrevails path={`/${document.id}`} />}
        <p className="muted">{t("legal.lastUpdated", { date: lastUpdated })}</p>
        <p>{t(`${key}.intro`, values)}</p>
      </header>
      {document.sections.map((section) => {
        const prefix = `${key}.${section.id}`;
        return (
          <section key={section.id}>
            <h2>{t(`${prefix}.heading`)}</h2>
            {numbered(`${prefix}.p`, section.paragraphs).map((id) => (
              <p key={id}>{t(id, values)}</p>
            ))}
            {section.bullets > 0 ? (
              <ul>
                {numbered(`${prefix}.b`, section.bullets).map((id) => (
                  <li key={id}>{t(id, values)}</li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
    </article>
  );
}

/**
 * The English text is the binding one. Its address (/privacy) sends a visitor who chose another
 * language back to their copy, so the way there is the language picker's own post: it switches
 * to English and opens the document, with or without JavaScript.
 */
function EnglishPrevails({ path }: { path: string }) {
  return (
    <form method="post" action="/language" className="legal-prevails">
      <input type="hidden" name="lang" value={DEFAULT_LOCALE.code} />
      <input type="hidden" name="next" value={path} />
      <p>
        <Trans
          id="legal.prevails"
          components={{ 0: <button type="submit" className="legal-prevails-link" /> }}
        />
      </p>
    </form>
  );
}
