import { useState } from "react";
import type { SignInProvider } from "../auth/auth-card";
import { type Translate, useErrorText, useT } from "../../i18n/i18n";
import { type Phrased, say } from "../../i18n/phrase";
import { useHydrated } from "../use-hydrated";
import { passkeysSupported, signInWithPasskey } from "./ceremony";

// "Sign in with a passkey" on /auth and /signin (issue #31). The ceremony needs JavaScript:
// without it the button is never shown (class "needs-js"), and a note names the other ways.

/** "your e-mail address and password, or with Google": the ways that need no JavaScript. */
function otherWays(providers: readonly SignInProvider[], t: Translate): string {
  const names = providers.map(({ label }) => label.replace(/^continue with\s+/i, ""));
  return names.length
    ? t("auth.passkey.otherWaysWith", { providers: names.join(t("auth.passkey.or")) })
    : t("auth.passkey.otherWays");
}

export function PasskeySignIn({
  redirectTo,
  providers,
}: {
  redirectTo: string;
  providers: readonly SignInProvider[];
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Phrased | null>(null);
  const t = useT();
  const errorText = useErrorText();
  if (hydrated && !passkeysSupported()) return null;
  const start = async () => {
    setBusy(true);
    setProblem(null);
    const outcome = await signInWithPasskey(redirectTo);
    if (outcome.ok) {
      // A full page load, so that every part of the page starts from the new session.
      window.location.assign(outcome.redirect);
      return;
    }
    setBusy(false);
    setProblem(outcome);
  };
  return (
    <div className="auth-passkey">
      <noscript>
        <p className="muted small">
          {t("auth.passkey.noscript", { ways: otherWays(providers, t) })}
        </p>
      </noscript>
      <div className="needs-js">
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={start}
          disabled={!hydrated || busy}
        >
          {t(busy ? "auth.passkey.waiting" : "auth.passkey.signIn")}
        </button>
        {problem ? (
          <p className="notice notice-error" role="alert">
            {problem.phrase ? say(t, problem) : errorText(problem.message)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
