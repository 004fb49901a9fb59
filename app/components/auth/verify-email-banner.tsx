import { useLocation } from "react-router";

/**
 * Shown on every page to a signed-in person whose address is not confirmed yet. The account
 * works all the same; "Resend e-mail" is a plain form post, so it works without JavaScript.
 */
export function VerifyEmailBanner() {
  const location = useLocation();
  return (
    <div className="verify-banner" role="region" aria-label="Address not confirmed">
      <div className="container verify-banner-inner">
        <p>
          <strong>Please confirm your e-mail address.</strong> Open the link we sent you, so you can
          always get back into your account.
        </p>
        <form method="post" action="/verify-email">
          <input type="hidden" name="redirect" value={location.pathname + location.search} />
          <button type="submit" className="btn btn-ghost">
            Resend e-mail
          </button>
        </form>
      </div>
    </div>
  );
}
