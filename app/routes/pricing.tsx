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
    throw data(`Unknown plan. Choose one of: ${PLAN_IDS.join(", ")}.`, { status: 400 });
  }
  return respondToPlanChoice(request, await getUser(context), plan);
}

export const meta = () =>
  pageMeta(
    "Pricing",
    `Free, Premium and Ultimate plans for QR Code Creator: compare features, estimate what fits how many codes you make, and start a ${TRIAL_DAYS}-day free trial.`,
  );

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { currentPlan, trialUsed, trialDaysLeft, query, quizResult } = loaderData;
  const salesEmail = useSalesEmail();
  return (
    <div className="container pricing">
      <header className="page-header pricing-header">
        <h1>Plans for every QR code</h1>
        <p className="lead">
          Start free. Premium and Ultimate begin with a free trial — no card needed to try them.
        </p>
      </header>
      <PlanCards currentPlan={currentPlan} trialUsed={trialUsed} trialDaysLeft={trialDaysLeft} />
      <div className="pricing-helpers">
        <UsageEstimator initialUsage={query.usage} keep={quizFields(query)} />
        <PlanQuiz query={query} result={quizResult} />
      </div>
      <ComparisonTable />
      <section className="card pricing-section sales-contact" aria-labelledby="sales-heading">
        <h2 id="sales-heading">Questions? Talk to sales</h2>
        <p>
          More seats, invoices or a custom setup? Write to{" "}
          <a href={`mailto:${salesEmail}`}>{salesEmail}</a> and a person will get back to you.
        </p>
      </section>
    </div>
  );
}
