import { Link } from "react-router";
import {
  retryScheduleWords,
  VERIFY_BY_HAND,
  VERIFY_WITH_LIBRARY,
  WEBHOOK_EVENT_DOCS,
} from "../../webhooks/guide";
import { CodeExample } from "./code-example";

// The API reference's "Webhooks" section (issue #19): the events, the payload, the headers, the
// retries, and how to verify a delivery with the standardwebhooks library or by hand.

export function WebhooksGuide() {
  return (
    <section id="webhooks" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p>
        Ultimate workspaces send their events to up to 10 endpoints, added on the dashboard&rsquo;s{" "}
        <Link to="/dashboard?tab=integrations">Integrations tab</Link> or through{" "}
        <a href="#createWebhook">
          <code>POST /webhooks</code>
        </a>{" "}
        (REST hooks, as Zapier subscribes). Each event is a <code>POST</code> with a JSON body in
        the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> format:{" "}
        <code>{"{type, timestamp, data}"}</code>.
      </p>
      <h3>Headers</h3>
      <ul>
        <li>
          <code>webhook-id</code>: the event&rsquo;s id, the same on every retry and on
          &ldquo;Resend&rdquo;, so you can ignore an event you already have.
        </li>
        <li>
          <code>webhook-timestamp</code>: when this attempt was sent, in seconds since 1970.
        </li>
        <li>
          <code>webhook-signature</code>: <code>v1,</code> and the base64 HMAC-SHA256 of{" "}
          <code>{"{webhook-id}.{webhook-timestamp}.{body}"}</code>, keyed with your endpoint&rsquo;s
          secret (<code>whsec_…</code>, shown on the Integrations tab). For 24 hours after a
          rotation two signatures are sent, separated by a space: one from each secret.
        </li>
      </ul>
      <h3>Delivery</h3>
      <p>
        Answer with any 2xx within 10 seconds. Redirects are not followed. A failed delivery is
        tried again after {retryScheduleWords()}, then marked failed. After 20 failures in a row, or
        one <code>410 Gone</code>, the endpoint is disabled and the workspace&rsquo;s owner is
        e-mailed (also at 5, 10 and 15 failures). The delivery log keeps 30 days.
      </p>
      <h3>Events</h3>
      <p>
        A bulk batch sends one <code>bulk_job.completed</code>, not a <code>qr_code.created</code>{" "}
        per row. Fields may be added to <code>data</code> over time: ignore the ones you do not
        know.
      </p>
      {WEBHOOK_EVENT_DOCS.map((event) => (
        <details key={event.type} className="api-code-type">
          <summary>
            <code>{event.type}</code>: {event.description}
          </summary>
          <pre tabIndex={0}>
            <code>{event.example}</code>
          </pre>
        </details>
      ))}
      <h3>Verifying a delivery</h3>
      <p>
        With the <code>standardwebhooks</code> library (also for Python, Go, Ruby, PHP and more):
      </p>
      <CodeExample label="JavaScript" code={VERIFY_WITH_LIBRARY} id="webhook-verify-library" />
      <p>Without it, in four steps:</p>
      <CodeExample label="Node.js" code={VERIFY_BY_HAND} id="webhook-verify-by-hand" />
    </section>
  );
}
