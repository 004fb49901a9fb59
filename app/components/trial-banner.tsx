import { Link, useFetcher } from "react-router";
import { PLANS } from "../plans/catalogue";
import type { TrialBannerState } from "../plans/trial-banner";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/**
 * The plan-status banner for signed-in users with a trial (spec section 4): days left, amber
 * at one day or less, "Trial Expired" afterwards. Dismissing posts a form, so it works without
 * JavaScript; with it the banner goes at once.
 */
export function TrialBanner({ banner }: { banner: TrialBannerState | null }) {
  const fetcher = useFetcher();
  if (!banner || fetcher.state !== "idle" || fetcher.data !== undefined) return null;
  const plan = PLANS[banner.plan].name;
  const urgent = banner.state === "expired" || banner.urgent;
  return (
    <div className="container">
      <div
        className={`notice trial-banner ${urgent ? "notice-warning" : "notice-success"}`}
        role="status"
      >
        <p>
          {banner.state === "expired" ? (
            <>
              <strong>Trial Expired</strong> Your {plan} trial has ended. Subscribe to keep logos,
              SVG downloads and analytics.
            </>
          ) : (
            <>
              <strong>{plan} trial</strong> {days(banner.daysLeft)} left of your free trial.
            </>
          )}{" "}
          <Link to={`/checkout?plan=${banner.plan}`}>
            {banner.state === "expired" ? `Subscribe to ${plan}` : `Keep ${plan}`}
          </Link>
        </p>
        <fetcher.Form method="post" action="/trial-banner">
          <button
            type="submit"
            className="btn btn-ghost trial-banner-dismiss"
            aria-label="Dismiss trial banner"
          >
            ×
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
