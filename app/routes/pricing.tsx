import { data } from "react-router";
import { getUser } from "../auth/user.server";
import { respondToPlanChoice } from "../billing/plan-choice.server";
import { ComparisonTable } from "../components/pricing/comparison-table";
import { PlanCards } from "../components/pricing/plan-cards";
import { PlanQuiz } from "../components/pricing/plan-quiz";
import { UsageEstimator } from "../components/pricing/usage-estimator";
import { useSalesEmail } from "../components/use-sales-email";
import { isPlanId, PLAN_IDS, TRIAL_DAYS } from "../plans/catalogue";
import { effectivePlan, hasActiveTrial, hasUsedTrial, trialDaysLeft } from "../plans/effective";
import { quizFields, readPricingQuery } from "../plans/pricing-query";
import { isComplete, scoreQuiz } from "../plans/quiz";
import { Trans, useT } from "../i18n/i18n";
import { getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import pricingCss from "../styles/pricing.css?url";
import type { Route } from "./+types/pricing";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: pricingCss, precedence: "page" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readPricingQuery(new URL(request.url).searchParams);
  const user = await getUser(context);
  const now = new Date();
  return data(
    {
      currentPlan: user ? effectivePlan(user, now) : null,
      trialUsed: user ? hasUsedTrial(user) : false,
      trialDaysLeft: user && hasActiveTrial(user, now) ? trialDaysLeft(user, now) : null,
      query,
      quizResult: isComplete(query.answers) ? scoreQuiz(query.answers) : null,
    },
    // "Current plan" is about this person: no shared cache may keep the page.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** "Choose {Plan}" from the cards or the quiz result. */
export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form (a script posting JSON) is a bad plan too, not a server error.
  const form = await request.formData().catch(() => null);
  const plan = form?.get("plan");
  if (!isPlanId(plan)) {
    const t = await getT(context);
    throw data(t("pricing.error.unknownPlan", { plans: PLAN_IDS.join(", ") }), { status: 400 });
  }
  return respondToPlanChoice(request, context, await getUser(context), plan);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("pricing.meta.title"), t("pricing.meta.description", { days: TRIAL_DAYS }));
};

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { currentPlan, trialUsed, trialDaysLeft, query, quizResult } = loaderData;
  const salesEmail = useSalesEmail();
  const t = useT();
  return (
    <div className="container pricing">
      <header className="page-header pricing-header">
        <h1>{t("pricing.title")}</h1>
        <p className="lead">{t("pricing.lead")}</p>
      </header>
      <PlanCards currentPlan={currentPlan} trialUsed={trialUsed} trialDaysLeft={trialDaysLeft} />
      <div className="pricing-helpers">
        <UsageEstimator initialUsage={query.usage} keep={quizFields(query)} />
        <PlanQuiz query={query} result={quizResult} />
      </div>
      <ComparisonTable />
      <section className="card pricing-section sales-contact" aria-labelledby="sales-heading">
        <h2 id="sales-heading">{t("pricing.sales.title")}</h2>
        <p>
          <Trans
            id="pricing.sales.text"
            values={{ email: salesEmail }}
            components={{ 0: <a href={`mailto:${salesEmail}`} /> }}
          />
        </p>
      </section>
    </div>
  );
}
