import { useId, useState } from "react";
import { Form } from "react-router";
import { Trans, useLocalePath, useT } from "../../i18n/i18n";
import { PLANS } from "../../plans/catalogue";
import {
  estimateSavings,
  FREE_UP_TO,
  formatCents,
  formatMinutes,
  MINUTES_BY_HAND,
  MINUTES_HERE,
  PREMIUM_UP_TO,
  USAGE_MAX,
  USAGE_MIN,
} from "../../plans/usage";
import { useHydrated } from "../use-hydrated";
import { usePlanWords } from "./plan-words";

/**
 * "How many QR codes do you create a month?" A GET form: without JavaScript "Show my estimate"
 * reloads the page with ?usage=NN; with it the estimate follows the slider, no request made.
 */
export function UsageEstimator({
  initialUsage,
  keep,
}: {
  initialUsage: number;
  /** Other state of the page's address (the quiz) to carry along. */
  keep: Record<string, string>;
}) {
  const t = useT();
  const localePath = useLocalePath();
  const { text, code } = usePlanWords();
  const [usage, setUsage] = useState(initialUsage);
  const hydrated = useHydrated();
  const id = useId();
  const estimate = estimateSavings(usage);
  const plan = PLANS[estimate.plan];
  return (
    <section id="usage" className="card pricing-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("pricing.usage.title")}</h2>
      <Form
        method="get"
        action={localePath("/pricing") + "#usage"}
        preventScrollReset
        className="usage-form"
      >
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={`${id}-range`} className="usage-label">
          {t("pricing.usage.question")}
        </label>
        <div className="usage-control">
          <input
            id={`${id}-range`}
            type="range"
            name="usage"
            min={USAGE_MIN}
            max={USAGE_MAX}
            step={1}
            value={usage}
            onChange={(event) => setUsage(Number(event.currentTarget.value))}
            aria-describedby={`${id}-scale`}
          />
          <output htmlFor={`${id}-range`} className="usage-value">
            {new Intl.NumberFormat(code).format(usage)}
          </output>
        </div>
        <p id={`${id}-scale`} className="muted small">
          {t("pricing.usage.scale", {
            min: USAGE_MIN,
            max: USAGE_MAX,
            free: FREE_UP_TO,
            premium: PREMIUM_UP_TO,
          })}
        </p>
        {hydrated ? null : (
          <button type="submit" className="btn btn-ghost">
            {t("pricing.usage.show")}
          </button>
        )}
      </Form>
      <div className="usage-result">
        <p className="usage-suggestion" aria-live="polite">
          <Trans
            id="pricing.usage.suggested"
            values={{ plan: plan.name }}
            components={{ 0: <strong /> }}
          />
        </p>
        <dl className="usage-estimates">
          <div>
            <dt>{t("pricing.usage.timeSaved")}</dt>
            <dd>{text(formatMinutes(estimate.minutesSaved))}</dd>
          </div>
          <div>
            <dt>{t("pricing.usage.costPerCode", { plan: plan.name })}</dt>
            <dd>{formatCents(estimate.centsPerCode, code)}</dd>
          </div>
        </dl>
        <p className="muted small">
          {t("pricing.usage.assumptions", { byHand: MINUTES_BY_HAND, here: MINUTES_HERE })}
        </p>
      </div>
    </section>
  );
}
