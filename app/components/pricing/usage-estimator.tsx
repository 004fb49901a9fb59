import { useId, useState } from "react";
import { Form } from "react-router";
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
  const [usage, setUsage] = useState(initialUsage);
  const hydrated = useHydrated();
  const id = useId();
  const estimate = estimateSavings(usage);
  const plan = PLANS[estimate.plan];
  return (
    <section id="usage" className="card pricing-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Which plan fits how much you create?</h2>
      <Form method="get" action="/pricing#usage" preventScrollReset className="usage-form">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={`${id}-range`} className="usage-label">
          How many QR codes do you create a month?
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
            {usage}
          </output>
        </div>
        <p id={`${id}-scale`} className="muted small">
          {USAGE_MIN} to {USAGE_MAX} codes a month. Up to {FREE_UP_TO} suits Free, up to{" "}
          {PREMIUM_UP_TO} Premium, more than that Ultimate.
        </p>
        {hydrated ? null : (
          <button type="submit" className="btn btn-ghost">
            Show my estimate
          </button>
        )}
      </Form>
      <div className="usage-result">
        <p className="usage-suggestion" aria-live="polite">
          Suggested plan: <strong>{plan.name}</strong>
        </p>
        <dl className="usage-estimates">
          <div>
            <dt>Time saved a month (estimate)</dt>
            <dd>{formatMinutes(estimate.minutesSaved)}</dd>
          </div>
          <div>
            <dt>Cost per code on {plan.name} (estimate)</dt>
            <dd>{formatCents(estimate.centsPerCode)}</dd>
          </div>
        </dl>
        <p className="muted small">
          Estimates, not promises: they assume a code takes about {MINUTES_BY_HAND} minutes to make
          and check by hand and about {MINUTES_HERE} here, and spread the monthly price over the
          codes you create.
        </p>
      </div>
    </section>
  );
}
