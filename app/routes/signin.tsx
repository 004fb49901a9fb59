import { Link, redirect } from "react-router";
import { passwordAction } from "../auth/password-action.server";
import { configuredProviders } from "../auth/providers.server";
import { safeRedirectPath } from "../auth/redirect";
import { getUser } from "../auth/user.server";
import { AuthCard, ModeSwitch, ProviderButtons } from "../components/auth/auth-card";
import { type Mode, PasswordForm, usePasswordFailureToast } from "../components/auth/password-form";
import { PasskeySignIn } from "../components/passkeys/passkey-sign-in";
import { VISITOR_DOWNLOADS_PER_DAY } from "../plans/visitors";
import { pageMeta } from "../seo";
import type { Route } from "./+types/signin";

const REASONS = {
  save: {
    title: "Sign up to save your QR codes",
    text: "A free account keeps your codes, so you can find, edit and download them again on any device.",
  },
  logo: {
    title: "Sign up to add your logo",
    text: "Logos come with Premium and Ultimate. Create an account and try them free for 7 days.",
  },
  premium: {
    title: "Sign up for Premium features",
    text: "SVG downloads, logos and scan analytics come with Premium and Ultimate, free for 7 days.",
  },
} as const;
type Reason = keyof typeof REASONS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirect"), "");
  if (await getUser(context)) throw redirect(redirectTo || "/");
  const reason = url.searchParams.get("reason");
  const providers = configuredProviders();
  const asked = url.searchParams.get("tab");
  return {
    reason: reason && Object.hasOwn(REASONS, reason) ? (reason as Reason) : null,
    mode: (url.searchParams.get("mode") === "signup" ? "signup" : "signin") as Mode,
    // With no provider configured there is nothing to choose on the Social tab: e-mail first.
    tab:
      asked === "email" || (asked !== "social" && providers.length === 0)
        ? ("email" as const)
        : ("social" as const),
    redirectTo,
    providers,
  };
}

export function action({ request }: Route.ActionArgs) {
  return passwordAction(request);
}

export const meta = () =>
  pageMeta(
    "Sign in",
    "Sign in to QR Code Creator with Google, the developer platform or your e-mail address.",
  );

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { reason, redirectTo, providers } = loaderData;
  // A failed e-mail post keeps the e-mail tab open.
  const tab = actionData ? "email" : loaderData.tab;
  const mode = loaderData.mode;
  usePasswordFailureToast(actionData);

  const href = (changes: Record<string, string>) => {
    const params = new URLSearchParams({ mode, tab });
    if (reason) params.set("reason", reason);
    if (redirectTo) params.set("redirect", redirectTo);
    for (const [key, value] of Object.entries(changes)) params.set(key, value);
    return `/signin?${params}`;
  };

  return (
    <AuthCard title={mode === "signup" ? "Create your account" : "Sign in"}>
      {reason ? (
        <div className="notice notice-success" role="note">
          <strong>{REASONS[reason].title}</strong> {REASONS[reason].text}{" "}
          {mode === "signin" ? (
            <Link to={href({ mode: "signup", tab: "email" })}>Sign up free</Link>
          ) : null}
        </div>
      ) : null}

      <nav className="tabs" aria-label="How to sign in">
        <Link
          to={href({ tab: "social" })}
          className="tab"
          aria-current={tab === "social" ? "page" : undefined}
          preventScrollReset
        >
          Social Login
        </Link>
        <Link
          to={href({ tab: "email" })}
          className="tab"
          aria-current={tab === "email" ? "page" : undefined}
          preventScrollReset
        >
          Email Login
        </Link>
      </nav>

      {tab === "social" ? (
        providers.length ? (
          <ProviderButtons providers={providers} redirectTo={redirectTo} />
        ) : (
          <p className="notice" role="note">
            No social sign-in is set up on this site yet.{" "}
            <Link to={href({ tab: "email" })}>Use your e-mail address</Link> instead.
          </p>
        )
      ) : (
        <>
          <PasswordForm
            key={mode}
            mode={mode}
            plan="free"
            redirectTo={redirectTo}
            lastResult={actionData?.intent === mode ? actionData.result : undefined}
          />
          <ModeSwitch mode={mode} href={(next) => href({ mode: next })} />
        </>
      )}

      {mode === "signin" ? <PasskeySignIn redirectTo={redirectTo} providers={providers} /> : null}

      <div className="auth-alternatives">
        <Link to="/" className="btn btn-ghost btn-block">
          Continue Without Sign In
        </Link>
        <p className="muted small">
          Limited to {VISITOR_DOWNLOADS_PER_DAY} QR codes, no saving or analytics
        </p>
        <Link to="/">Back to QR Generator</Link>
      </div>
    </AuthCard>
  );
}
