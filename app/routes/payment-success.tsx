import { Link } from "react-router";
import { isTestMode } from "../billing/settings.server";
import { isPaidPlanId } from "../billing/subscription";
import { PLANS } from "../plans/catalogue";
import { planFeatures } from "../plans/features";
import { pageMeta } from "../seo";
import type { Route } from "./+types/payment-success";

export function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("plan");
  const testMode = isTestMode();
  return { plan: isPaidPlanId(requested) ? requested : "premium", testMode };
}

export const meta = () =>
  pageMeta("Payment Successful", "Your QR Code Creator subscription is active.");

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { plan, testMode } = loaderData;
  return (
    <section className="container auth-page">
      <div className="card payment-success">
        {testMode ? <span className="badge badge-test">TEST MODE</span> : null}
        <h1>Payment Successful</h1>
        <p className="muted">Welcome to {PLANS[plan].name}. These features are yours now:</p>
        <ul className="feature-list">
          {planFeatures(plan).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="dashboard-actions">
          <Link to="/" className="btn btn-primary">
            Start Creating QR Codes
          </Link>
          <Link to="/dashboard" className="btn btn-ghost">
            View Dashboard
          </Link>
        </div>
        <h2>What happens next</h2>
        <ul>
          <li>Your subscription renews automatically every month.</li>
          <li>We e-mail you a receipt for every payment.</li>
          <li>
            You can cancel anytime from your dashboard; you keep your plan until the period ends.
          </li>
        </ul>
      </div>
    </section>
  );
}
