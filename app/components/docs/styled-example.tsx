import { CodeExample } from "./code-example";
import { Trans, useT } from "../../i18n/i18n";

/**
 * /docs/api's styled image (issue #28): a request with design fields, and the image the API
 * answers for it, drawn on the server from the same body.
 */
export function StyledExample({
  origin,
  body,
  svg,
}: {
  origin: string;
  body: unknown;
  svg: string;
}) {
  const t = useT();
  const json = JSON.stringify(body, null, 2);
  const curl = [
    `curl -X POST "${origin}/api/v1/images"`,
    '  -H "Authorization: Bearer $QRC_API_KEY"',
    '  -H "Content-Type: application/json"',
    `  -d '${JSON.stringify(body)}'`,
    "  --output code.svg",
  ].join(" \\\n");
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <section id="styled-example" className="card" aria-labelledby="styled-example-heading">
      <h2 id="styled-example-heading">{t("docs.api.tocStyled")}</h2>
      <p>
        <Trans id="docs.styled.intro" components={{ 0: <code /> }} />
      </p>
      <figure className="api-example">
        <figcaption>
          <span>{t("docs.styled.body")}</span>
        </figcaption>
        <pre tabIndex={0} aria-labelledby="styled-example-body">
          <code id="styled-example-body">{json}</code>
        </pre>
      </figure>
      <CodeExample label="curl" code={curl} id="styled-example-curl" />
      <p>{t("docs.styled.answer")}</p>
      <img id="styled-example-image" src={src} width={256} alt={t("docs.styled.alt")} />
    </section>
  );
}
