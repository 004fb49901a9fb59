import { data } from "react-router";
import { createDatabase } from "../db/client.server";
import { isDemoMode } from "../env.server";
import { readOutbox } from "../mail/outbox.server";
import { pageMeta } from "../seo";
import type { Route } from "./+types/dev.mail";
import { FormattedDate } from "../components/formatted-date";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /dev/mail: the local outbox (ARCHITECTURE.md decision 11), newest first; `?format=json`
 * for scripts and tests, answered here before any page is rendered. It exists only in demo
 * mode, so never in production.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (!isDemoMode()) throw data(null, { status: 404 });
    if (new URL(request.url).searchParams.get("format") === "json") {
      return Response.json(await readOutbox(createDatabase()), { headers: NO_STORE });
    }
    return next();
  },
];

export async function loader() {
  return { messages: await readOutbox(createDatabase()) };
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta = () => pageMeta("Outbox (TEST MODE)", "E-mail sent by this local run.");

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <section className="container outbox">
      <h1>
        Outbox <span className="badge badge-test">TEST MODE</span>
      </h1>
      <p className="muted">
        This local run has no mail provider, so every e-mail it sends is kept here instead. The
        newest is first. <a href="/dev/mail?format=json">As JSON</a>
      </p>
      {messages.length === 0 ? (
        <p className="card">No e-mail has been sent yet.</p>
      ) : (
        <ol className="outbox-list">
          {messages.map((message, index) => (
            <li key={`${message.sentAt}-${index}`} className="card outbox-message">
              <h2>{message.subject}</h2>
              <p className="muted small">
                To <strong>{message.to}</strong> at <FormattedDate value={message.sentAt} time />
              </p>
              {message.links.length > 0 ? (
                <ul className="outbox-links">
                  {message.links.map((link) => (
                    <li key={link}>
                      <a href={link}>{link}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <pre className="outbox-text">{message.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
