import { Link } from "react-router";
import { API_REQUESTS_PER_MINUTE } from "../api/auth.server";
import { IDEMPOTENCY_HOURS } from "../api/idempotency.server";
import { API_SCOPES, MAX_KEYS_PER_WORKSPACE, SCOPE_DESCRIPTIONS } from "../api/keys";
import { openApiDocument } from "../api/openapi";
import { PROBLEM_CODES, type ProblemCode } from "../api/problem";
import { codeTypeFields, referenceOperations } from "../api/reference";
import { CodeExample } from "../components/docs/code-example";
import { StyledExample } from "../components/docs/styled-example";
import { STYLED_IMAGE_EXAMPLE, styledExampleSvg } from "../api/styled-example";
import { WebhooksGuide } from "../components/docs/webhooks-guide";
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

export const meta = () =>
  pageMeta(
    "API reference",
    "Make QR code images, save codes and read their analytics from your own systems with the QR Code Creator API.",
  );

/** Text from the document, where `name` marks code. */
function Prose({ text }: { text: string }) {
  return text
    .split("`")
    .map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <span key={i}>{part}</span>));
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { origin, operations, codeTypes, problems } = loaderData;
  return (
    <div className="container api-docs">
      <header className="page-header">
        <h1>API reference</h1>
        <p className="lead">
          Make QR code images, save codes and read their analytics from your own systems: print
          pipelines, content management systems, spreadsheets. The API is part of the{" "}
          <Link to="/pricing">Ultimate plan</Link>.
        </p>
      </header>

      <nav className="card api-toc" aria-labelledby="toc-heading">
        <h2 id="toc-heading">On this page</h2>
        <ul>
          <li>
            <a href="#start">Getting started</a>
          </li>
          {operations.map((operation) => (
            <li key={operation.id}>
              <a href={`#${operation.id}`}>
                <code>{operation.method}</code> {operation.path}
              </a>
            </li>
          ))}
          <li>
            <a href="#styled-example">A styled image</a>
          </li>
          <li>
            <a href="#webhooks">Webhooks</a>
          </li>
          <li>
            <a href="#code-types">Code types</a>
          </li>
          <li>
            <a href="#errors">Errors</a>
          </li>
        </ul>
        <p className="small">
          Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>
        </p>
      </nav>

      <section id="start" aria-labelledby="start-heading">
        <h2 id="start-heading">Getting started</h2>
        <ol>
          <li>
            On the <Link to="/dashboard?tab=api">API tab of your dashboard</Link>, an owner or admin
            of a workspace creates a key with the scopes it needs. The key starts with{" "}
            <code>qrc_</code> and is shown once; we keep only a hash of it. A workspace has at most{" "}
            {loaderData.maxKeys} keys.
          </li>
          <li>
            Send it with every request as <code>Authorization: Bearer qrc_…</code> to{" "}
            <code>{origin}/api/v1</code>. Requests and answers are JSON, except images.
          </li>
        </ol>
        <h3>Scopes</h3>
        <ul>
          {API_SCOPES.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>: {SCOPE_DESCRIPTIONS[scope]}.
            </li>
          ))}
        </ul>
        <h3>Keys belong on servers</h3>
        <p>
          A key acts for the whole workspace, so it must never be put in a web page or an app that
          people download, where anyone could read it. That is why the API sends no CORS headers:
          browsers refuse to call it from other sites. Call it from your server, and revoke a key on
          the API tab at once if it leaks. Keys start with <code>qrc_</code> so that secret scanners
          can spot them in code.
        </p>
        <h3>Limits, retries and pages</h3>
        <ul>
          <li>
            Each key may make {loaderData.rateLimit} requests a minute. Beyond that the answer is
            429 with a <code>Retry-After</code> header.
          </li>
          <li>
            Every POST accepts an <code>Idempotency-Key</code> header. Sending the same key with the
            same body within {loaderData.idempotencyHours} hours returns the first answer again
            (marked <code>Idempotent-Replayed: true</code>) instead of saving twice; the same key
            with another body is refused with 422.
          </li>
          <li>
            Lists come newest first, a page at a time: pass the page&rsquo;s{" "}
            <code>nextStartingAfter</code> as <code>starting_after</code> for the next one.
          </li>
          <li>
            When the workspace&rsquo;s plan no longer includes the API, calls answer 403 with{" "}
            <code>plan_required</code>. Keys are kept and work again after an upgrade.
          </li>
          <li>
            While our staff have suspended the workspace, calls answer 403 with{" "}
            <code>workspace_suspended</code>; its <code>detail</code> gives the reason. Contact
            support to have it lifted; the keys work again as they were.
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
          <h3>Responses</h3>
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
          <h3>Examples</h3>
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
        <h2 id="code-types-heading">Code types</h2>
        <p>
          The <code>data</code> object of an image or a saved code holds the fields of its{" "}
          <code>type</code>, with the generator&rsquo;s rules and messages.
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
                  {field.required ? " (required)" : ""}: {field.type}
                </li>
              ))}
            </ul>
            <p className="small">
              Example: <code>{codeType.example}</code>
            </p>
          </div>
        ))}
      </section>

      <section id="errors" aria-labelledby="errors-heading">
        <h2 id="errors-heading">Errors</h2>
        <p>
          Errors are <code>application/problem+json</code> (RFC 9457): <code>type</code>,{" "}
          <code>title</code>, <code>status</code> and <code>detail</code>, a stable{" "}
          <code>code</code>, and for invalid input an <code>errors</code> list naming each field
          with the generator&rsquo;s message.
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
