import { Link } from "react-router";
import {
  retryScheduleWords,
  VERIFY_BY_HAND,
  VERIFY_WITH_LIBRARY,
  WEBHOOK_EVENT_DOCS,
} from "../../webhooks/guide";
import { CodeExample } from "./code-example";
import { RETRY_DELAYS_S } from "../../webhooks/events";
import { Trans, useLocale, useT } from "../../i18n/i18n";

/** "5 s, 5 min, … and 10 h" in the page's language (English keeps the guide's own words). */
function useRetrySchedule(): string {
  const { code } = useLocale();
  if (code === "en") return retryScheduleWords();
  const unit = (unit: string, n: number) =>
    new Intl.NumberFormat(code, { style: "unit", unit, unitDisplay: "short" }).format(n);
  const words = RETRY_DELAYS_S.map((s) =>
    s < 60 ? unit("second", s) : s < 3600 ? unit("minute", s / 60) : unit("hour", s / 3600),
  );
  return new Intl.ListFormat(code, { type: "conjunction" }).format(words);
}

// The API reference's "Webhooks" section (issue #19): the events, the payload, the headers, the
// retries, and how to verify a delivery with the standardwebhooks library or by hand.

export function WebhooksGuide() {
  const t = useT();
  const schedule = useRetrySchedule();
  const code = <code />;
  return (
    <section id="webhooks" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">{t("docs.webhooks.title")}</h2>
      <p>
        <Trans
          id="docs.webhooks.intro"
          values={{ shape: "{type, timestamp, data}" }}
          components={{
            0: <Link to="/dashboard?tab=integrations" />,
            1: <a href="#createWebhook" />,
            2: code,
            3: code,
            4: <a href="https://www.standardwebhooks.com/" />,
            5: code,
          }}
        />
      </p>
      <h3>{t("docs.webhooks.headers")}</h3>
      <ul>
        <li>
          <code>webhook-id</code>: {t("docs.webhooks.headers.id")}
        </li>
        <li>
          <code>webhook-timestamp</code>: {t("docs.webhooks.headers.timestamp")}
        </li>
        <li>
          <code>webhook-signature</code>:{" "}
          <Trans
            id="docs.webhooks.headers.signature"
            values={{ signed: "{webhook-id}.{webhook-timestamp}.{body}" }}
            components={{ 0: code, 1: code, 2: code }}
          />
        </li>
      </ul>
      <h3>{t("docs.webhooks.delivery")}</h3>
      <p>
        <Trans id="docs.webhooks.delivery.text" values={{ schedule }} components={{ 0: code }} />
      </p>
      <h3>{t("docs.webhooks.events")}</h3>
      <p>
        <Trans id="docs.webhooks.events.text" components={{ 0: code, 1: code, 2: code }} />
      </p>
      {WEBHOOK_EVENT_DOCS.map((event) => (
        <details key={event.type} className="api-code-type">
          <summary>
            <code>{event.type}</code>: {t(`docs.webhooks.event.${event.type}`)}
          </summary>
          <pre tabIndex={0}>
            <code>{event.example}</code>
          </pre>
        </details>
      ))}
      <h3>{t("docs.webhooks.verify")}</h3>
      <p>
        <Trans id="docs.webhooks.verify.library" components={{ 0: code }} />
      </p>
      <CodeExample label="JavaScript" code={VERIFY_WITH_LIBRARY} id="webhook-verify-library" />
      <p>{t("docs.webhooks.verify.byHand")}</p>
      <CodeExample label="Node.js" code={VERIFY_BY_HAND} id="webhook-verify-by-hand" />
    </section>
  );
}
