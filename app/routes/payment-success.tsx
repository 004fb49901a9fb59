import { Link } from "react-router";
import { isTestMode } from "../billing/settings.server";
import { isPaidPlanId } from "../billing/subscription";
import { usePlanWords } from "../components/pricing/plan-words";
import { useLocalePath, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { PLANS } from "../plans/catalogue";
import { planFeatures } from "../plans/features";
import { pageMeta } from "../seo";
import type { Route } from "./+types/payment-success";

export function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("plan");
  const testMode = isTestMode();
  return { plan: isPaidPlanId(requested) ? requested : "premium", testMode };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("billing.paymentSuccess.title"), t("billing.paymentSuccess.meta.description"));
};

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { plan, testMode } = loaderData;
  const t = useT();
  const localePath = useLocalePath();
  const { text } = usePlanWords();
  return (
    <section className="container auth-page">
      <div className="card payment-success">
        {testMode ? <span className="badge badge-test">{t("billing.testMode")}</span> : null}
        <h1>{t("billing.paymentSuccess.title")}</h1>
        <p className="muted">{t("billing.paymentSuccess.welcome", { plan: PLANS[plan].name })}</p>
        <ul className="feature-list">
          {planFeatures(plan).map((line) => (
            <li key={line.id}>{text(line)}</li>
          ))}
        </ul>
        <div className="dashboard-actions">
          <Link to={localePath("/")} className="btn btn-primary">
            {t("billing.paymentSuccess.create")}
          </Link>
          <Link to="/dashboard" className="btn btn-ghost">
            {t("billing.paymentSuccess.dashboard")}
          </Link>
        </div>
        <h2>{t("billing.paymentSuccess.next")}</h2>
        <ul>
          <li>{t("billing.paymentSuccess.renews")}</li>
          <li>{t("billing.paymentSuccess.receipts")}</li>
          <li>{t("billing.paymentSuccess.cancel")}</li>
        </ul>
      </div>
    </section>
  );
}
