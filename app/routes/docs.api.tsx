import { Link } from "react-router";
import { API_REQUESTS_PER_MINUTE } from "../api/auth.server";
import { IDEMPOTENCY_HOURS } from "../api/idempotency.server";
import { API_SCOPES, MAX_KEYS_PER_WORKSPACE } from "../api/keys";
import { openApiDocument } from "../api/openapi";
import { PROBLEM_CODES, type ProblemCode } from "../api/problem";
import { codeTypeFields, referenceOperations } from "../api/reference";
import { CodeExample } from "../components/docs/code-example";
import { StyledExample } from "../components/docs/styled-example";
import { STYLED_IMAGE_EXAMPLE, styledExampleSvg } from "../api/styled-example";
import { WebhooksGuide } from "../components/docs/webhooks-guide";
import { Trans, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/docs.api";
import { appOrigin } from "../config/app-url.server";

// The API reference (issue #16): server-rendered from the OpenAPI document, readable without
// JavaScript; with it, each example gets a copy button.

export function loader() {
  const origin = appOrigin();
  const document = openApiDocument(origin);
  return {
    origin,
    operations: referenceOperations(document, origin),
    codeTypes: codeTypeFields(document),
    problems: (Object.keys(PROBLEM_CODES) as ProblemCode[]).map((code) => ({
      code,
      ...PROBLEM_CODES[code],
    })),
    rateLimit: API_REQUESTS_PER_MINUTE,
    idempotencyHours: IDEMPOTENCY_HOURS,
    maxKeys: MAX_KEYS_PER_WORKSPACE,
    styled: { body: STYLED_IMAGE_EXAMPLE, svg: styledExampleSvg() },
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("docs.api.meta.title"), t("docs.api.meta.description"));
};

/** Text from the document, where `name` marks code. */
function Prose({ text }: { text: string }) {
  return text
    .split("`")
    .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <span key={i}>{part}</span>));
}

/** The API answers in English whatever the page's language (issue #32): said once, plainly. */
function EnglishOnly() {
  return (
    <p className="notice" id="api-language">
      <Trans id="docs.api.englishOnly" components={{ 0: <code /> }} />
    </p>
  );
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { origin, operations, codeTypes, problems } = loaderData;
  const code = <code />;
  return (
    <div className="container api-docs">
      <header className="page-header">
        <h1>{t("docs.api.title")}</h1>
        <p className="lead">
          <Trans id="docs.api.lead" components={{ 0: <Link to="/pricing" /> }} />
        </p>
        <EnglishOnly />
      </header>

      <nav className="card api-toc" aria-labelledby="toc-heading">
        <h2 id="toc-heading">{t("docs.api.toc")}</h2>
        <ul>
          <li>
            <a href="#start">{t("docs.api.start")}</a>
          </li>
          {operations.map((operation) => (
            <li key={operation.id}>
              <a href={`#${operation.id}`}>
                <code>{operation.method}</code> {operation.path}
              </a>
            </li>
          ))}
          <li>
            <a href="#styled-example">{t("docs.api.tocStyled")}</a>
          </li>
          <li>
            <a href="#webhooks">{t("docs.api.tocWebhooks")}</a>
          </li>
          <li>
            <a href="#code-types">{t("docs.api.codeTypes")}</a>
          </li>
          <li>
            <a href="#errors">{t("docs.api.errors")}</a>
          </li>
        </ul>
        <p className="small">
          <Trans
            id="docs.api.machineReadable"
            components={{ 0: <a href="/api/v1/openapi.json" /> }}
          />
        </p>
      </nav>

      <section id="start" aria-labelledby="start-heading">
        <h2 id="start-heading">{t("docs.api.start")}</h2>
        <ol>
          <li>
            <Trans
              id="docs.api.start.key"
              values={{ max: loaderData.maxKeys }}
              components={{ 0: <Link to="/dashboard?tab=api" />, 1: code }}
            />
          </li>
          <li>
            <Trans
              id="docs.api.start.send"
              values={{ base: `${origin}/api/v1` }}
              components={{ 0: code, 1: code }}
            />
          </li>
        </ol>
        <h3>{t("docs.api.scopes")}</h3>
        <ul>
          {API_SCOPES.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>: {t(`docs.api.scope.${scope}`)}.
            </li>
          ))}
        </ul>
        <h3>{t("docs.api.servers")}</h3>
        <p>
          <Trans id="docs.api.servers.text" components={{ 0: code }} />
        </p>
        <h3>{t("docs.api.limits")}</h3>
        <ul>
          <li>
            <Trans
              id="docs.api.limits.rate"
              values={{ rate: loaderData.rateLimit }}
              components={{ 0: code }}
            />
          </li>
          <li>
            <Trans
              id="docs.api.limits.idempotency"
              values={{ hours: loaderData.idempotencyHours }}
              components={{ 0: code, 1: code }}
            />
          </li>
          <li>
            <Trans id="docs.api.limits.pages" components={{ 0: code, 1: code }} />
          </li>
          <li>
            <Trans id="docs.api.limits.plan" components={{ 0: code }} />
          </li>
          <li>
            <Trans id="docs.api.limits.suspended" components={{ 0: code, 1: code }} />
          </li>
        </ul>
      </section>

      {operations.map((operation) => (
        <section
          key={operation.id}
          id={operation.id}
          className="card api-operation"
          aria-labelledby={`${operation.id}-heading`}
        >
          <h2 id={`${operation.id}-heading`}>
            <span className={`api-method api-method-${operation.method.toLowerCase()}`}>
              {operation.method}
            </span>{" "}
            <code>{operation.path}</code>
          </h2>
          <p className="api-summary">
            <strong>{operation.summary}.</strong> <Prose text={operation.description} />
          </p>
          <p className="small muted">
            {operation.scope ? (
              <>
                Scope: <code>{operation.scope}</code>
              </>
            ) : (
              "No key needed."
            )}
          </p>
          {operation.fields.length > 0 ? (
            <div
              className="table-scroll"
              tabIndex={0}
              role="region"
              aria-label={`Parameters of ${operation.method} ${operation.path}`}
            >
              <table className="api-fields">
                <caption>Parameters</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">In</th>
                    <th scope="col">Type</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {operation.fields.map((field) => (
                    <tr key={`${field.where}-${field.name}`}>
                      <th scope="row">
                        <code>{field.name}</code>
                        {field.required ? <span className="api-required"> required</span> : null}
                      </th>
                      <td>{field.where}</td>
                      <td>{field.type}</td>
                      <td>
                        <Prose text={field.description} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <h3>{t("docs.api.responses")}</h3>
          <ul className="api-responses">
            <li>
              <code>{operation.success.status}</code> {operation.success.description} (
              {operation.success.kind})
            </li>
            {operation.problems.map((problem) => (
              <li key={problem.code}>
                <code>{problem.status}</code>{" "}
                <a href={`#error-${problem.code.replaceAll("_", "-")}`}>
                  <code>{problem.code}</code>
                </a>
                : {problem.title}
              </li>
            ))}
          </ul>
          <h3>{t("docs.api.examples")}</h3>
          <CodeExample label="curl" code={operation.examples.curl} id={`${operation.id}-curl`} />
          <CodeExample
            label="JavaScript"
            code={operation.examples.fetch}
            id={`${operation.id}-fetch`}
          />
          <CodeExample
            label="Python"
            code={operation.examples.python}
            id={`${operation.id}-python`}
          />
        </section>
      ))}

      <StyledExample origin={origin} {...loaderData.styled} />

      <WebhooksGuide />

      <section id="code-types" aria-labelledby="code-types-heading">
        <h2 id="code-types-heading">{t("docs.api.codeTypes")}</h2>
        <p>
          <Trans id="docs.api.codeTypes.text" components={{ 0: code, 1: code }} />
        </p>
        {codeTypes.map((codeType) => (
          <div key={codeType.type} className="api-code-type">
            <h3>
              <code>{codeType.type}</code>
            </h3>
            <ul>
              {codeType.fields.map((field) => (
                <li key={field.name}>
                  <code>{field.name}</code>
                  {field.required ? ` ${t("docs.api.required")}` : ""}: {field.type}
                </li>
              ))}
            </ul>
            <p className="small">
              {t("docs.api.example")} <code>{codeType.example}</code>
            </p>
          </div>
        ))}
      </section>

      <section id="errors" aria-labelledby="errors-heading">
        <h2 id="errors-heading">{t("docs.api.errors")}</h2>
        <p>
          <Trans
            id="docs.api.errors.text"
            components={{ 0: code, 1: code, 2: code, 3: code, 4: code, 5: code, 6: code }}
          />
        </p>

        <pre tabIndex={0}>
          <code>
            {JSON.stringify(
              {
                type: `${origin}/docs/api#error-invalid-request`,
                title: "Invalid request",
                status: 400,
                detail: "Enter a valid web address, like https://example.com",
                code: "invalid_request",
                errors: [
                  {
                    field: "data.url",
                    message: "Enter a valid web address, like https://example.com",
                  },
                ],
              },
              null,
              2,
            )}
          </code>
        </pre>
        <dl className="api-errors">
          {problems.map((problem) => (
            <div key={problem.code} id={`error-${problem.code.replaceAll("_", "-")}`}>
              <dt>
                <code>{problem.code}</code> ({problem.status})
              </dt>
              <dd>{problem.title}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
