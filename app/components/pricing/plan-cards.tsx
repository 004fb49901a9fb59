import { useT } from "../../i18n/i18n";
import { PLAN_IDS, type PlanId, PLANS, TRIAL_DAYS } from "../../plans/catalogue";
import { cardFeatures } from "../../plans/features";
import { ChoosePlanForm } from "./choose-plan-form";
import { usePlanWords } from "./plan-words";

function Price({ plan }: { plan: PlanId }) {
  const t = useT();
  const { price } = usePlanWords();
  // "$15/month" reads as one price; the "/month" part is set smaller.
  return (
    <p className="plan-price">
      <span className="plan-amount">{price(plan)}</span>
      {PLANS[plan].priceCents ? <span className="muted">{t("pricing.price.period")}</span> : null}
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
  const t = useT();
  if (PLANS[plan].priceCents === 0)
    return <p className="plan-note muted">{t("pricing.cards.noCard")}</p>;
  // A trial that has just started is not "used" yet: say what it is (issue #29 item 5).
  if (trial?.plan === plan) {
    return <p className="plan-note">{t("pricing.cards.trialOn", { count: trial.daysLeft })}</p>;
  }
  if (trial)
    return (
      <p className="plan-note muted">
        {t("pricing.cards.trialOnOther", { plan: PLANS[trial.plan].name })}
      </p>
    );
  // One trial per account: after it, choosing a paid plan leads to checkout.
  if (trialUsed) return <p className="plan-note muted">{t("pricing.cards.trialUsed")}</p>;
  return <p className="plan-note">{t("pricing.cards.trial", { days: TRIAL_DAYS })}</p>;
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
  const t = useT();
  const { text } = usePlanWords();
  const trial =
    currentPlan && trialDaysLeft !== null ? { plan: currentPlan, daysLeft: trialDaysLeft } : null;
  return (
    <ul className="plan-cards" aria-label={t("pricing.cards.label")}>
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
              {current ? <span className="badge">{t("pricing.cards.current")}</span> : null}
            </div>
            <Price plan={plan} />
            <TrialNote plan={plan} trialUsed={trialUsed} trial={trial} />
            {plus ? (
              <p className="plan-plus">{t("pricing.cards.plus", { plan: PLANS[plus].name })}</p>
            ) : null}
            <ul className="plan-features">
              {lines.map((line) => (
                <li key={line.id}>{text(line)}</li>
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
