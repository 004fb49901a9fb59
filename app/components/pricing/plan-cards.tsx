import { PLAN_IDS, type PlanId, PLANS, TRIAL_DAYS } from "../../plans/catalogue";
import { cardFeatures, priceLabel } from "../../plans/features";
import { ChoosePlanForm } from "./choose-plan-form";

function Price({ plan }: { plan: PlanId }) {
  // "$15/month" reads as one price; the "/month" part is set smaller.
  const [amount, period] = priceLabel(plan).split("/");
  return (
    <p className="plan-price">
      <span className="plan-amount">{amount}</span>
      {period ? <span className="muted">/{period}</span> : null}
    </p>
  );
}

function TrialNote({
  plan,
  trialUsed,
  trial,
}: {
  plan: PlanId;
  trialUsed: boolean;
  /** The trial running now: its plan and the days it has left. */
  trial: { plan: PlanId; daysLeft: number } | null;
}) {
  if (PLANS[plan].priceCents === 0) return <p className="plan-note muted">No card needed</p>;
  // A trial that has just started is not "used" yet: say what it is (issue #29 item 5).
  if (trial?.plan === plan) {
    const days = `${trial.daysLeft} ${trial.daysLeft === 1 ? "day" : "days"}`;
    return <p className="plan-note">Your free trial is on: {days} left</p>;
  }
  if (trial)
    return <p className="plan-note muted">Your free trial is on {PLANS[trial.plan].name}</p>;
  // One trial per account: after it, choosing a paid plan leads to checkout.
  if (trialUsed) return <p className="plan-note muted">Your free trial has been used</p>;
  return <p className="plan-note">{TRIAL_DAYS}-day free trial</p>;
}

/** The three plan cards, in plan order, with the signed-in user's plan marked. */
export function PlanCards({
  currentPlan,
  trialUsed,
  trialDaysLeft = null,
}: {
  currentPlan: PlanId | null;
  trialUsed: boolean;
  /** Set while a trial runs (of currentPlan). */
  trialDaysLeft?: number | null;
}) {
  const trial =
    currentPlan && trialDaysLeft !== null ? { plan: currentPlan, daysLeft: trialDaysLeft } : null;
  return (
    <ul className="plan-cards" aria-label="Plans">
      {PLAN_IDS.map((plan) => {
        const { plus, lines } = cardFeatures(plan);
        const current = plan === currentPlan;
        return (
          <li
            key={plan}
            className={current ? "card plan-card plan-card-current" : "card plan-card"}
          >
            <div className="plan-card-head">
              <h2>{PLANS[plan].name}</h2>
              {current ? <span className="badge">Current plan</span> : null}
            </div>
            <Price plan={plan} />
            <TrialNote plan={plan} trialUsed={trialUsed} trial={trial} />
            {plus ? <p className="plan-plus">Everything in {PLANS[plus].name}, plus:</p> : null}
            <ul className="plan-features">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {/* The plan one is on is a state (the badge above), not something to choose again. */}
            {current ? null : <ChoosePlanForm plan={plan} primary={plan !== "free"} />}
          </li>
        );
      })}
    </ul>
  );
}
