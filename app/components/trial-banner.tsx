import { Link, useFetcher } from "react-router";
import { Trans, useT } from "../i18n/i18n";
import { PLANS } from "../plans/catalogue";
import type { TrialBannerState } from "../plans/trial-banner";

/**
 * The plan-status banner for signed-in users with a trial (spec section 4): days left, amber
 * at one day or less, "Trial Expired" afterwards. Dismissing posts a form, so it works without
 * JavaScript; with it the banner goes at once.
 */
export function TrialBanner({ banner }: { banner: TrialBannerState | null }) {
  const t = useT();
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
            <Trans
              id="pricing.trialBanner.expired"
              values={{ plan }}
              components={{ 0: <strong /> }}
            />
          ) : (
            <Trans
              id="pricing.trialBanner.active"
              values={{ plan, count: banner.daysLeft }}
              components={{ 0: <strong /> }}
            />
          )}{" "}
          <Link to={`/checkout?plan=${banner.plan}`}>
            {banner.state === "expired"
              ? t("pricing.trialBanner.subscribe", { plan })
              : t("pricing.trialBanner.keep", { plan })}
          </Link>
        </p>
        <fetcher.Form method="post" action="/trial-banner">
          <button
            type="submit"
            className="btn btn-ghost trial-banner-dismiss"
            aria-label={t("pricing.trialBanner.dismiss")}
          >
            ×
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
