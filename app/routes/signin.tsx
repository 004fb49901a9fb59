import { Link, redirect } from "react-router";
import { passwordAction } from "../auth/password-action.server";
import { configuredProviders } from "../auth/providers.server";
import { safeRedirectPath } from "../auth/redirect";
import { getUser } from "../auth/user.server";
import { AuthCard, ModeSwitch, ProviderButtons } from "../components/auth/auth-card";
import { type Mode, PasswordForm, usePasswordFailureToast } from "../components/auth/password-form";
import { PasskeySignIn } from "../components/passkeys/passkey-sign-in";
import { VISITOR_DOWNLOADS_PER_DAY } from "../plans/visitors";
import { Trans, useLocalePath, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/signin";

// Why a visitor was sent here (?reason=); the title and text are auth.reason.<reason>.*.
const REASONS = ["save", "logo", "premium"] as const;
type Reason = (typeof REASONS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirect"), "");
  if (await getUser(context)) throw redirect(redirectTo || "/");
  const reason = url.searchParams.get("reason");
  const providers = configuredProviders();
  const asked = url.searchParams.get("tab");
  return {
    reason: REASONS.includes(reason as Reason) ? (reason as Reason) : null,
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

export function action({ request, context }: Route.ActionArgs) {
  return passwordAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("auth.signin.title"), t("auth.signinPage.meta.description"));
};

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { reason, redirectTo, providers } = loaderData;
  // A failed e-mail post keeps the e-mail tab open.
  const tab = actionData ? "email" : loaderData.tab;
  const mode = loaderData.mode;
  usePasswordFailureToast(actionData);
  const t = useT();
  const localePath = useLocalePath();

  const href = (changes: Record<string, string>) => {
    const params = new URLSearchParams({ mode, tab });
    if (reason) params.set("reason", reason);
    if (redirectTo) params.set("redirect", redirectTo);
    for (const [key, value] of Object.entries(changes)) params.set(key, value);
    return localePath(`/signin?${params}`);
  };

  return (
    <AuthCard title={mode === "signup" ? t("auth.signup.title") : t("auth.signin.title")}>
      {reason ? (
        <div className="notice notice-success" role="note">
          <strong>{t(`auth.reason.${reason}.title`)}</strong> {t(`auth.reason.${reason}.text`)}{" "}
          {mode === "signin" ? (
            <Link to={href({ mode: "signup", tab: "email" })}>{t("auth.reason.signUpFree")}</Link>
          ) : null}
        </div>
      ) : null}

      <nav className="tabs" aria-label={t("auth.tabs.label")}>
        <Link
          to={href({ tab: "social" })}
          className="tab"
          aria-current={tab === "social" ? "page" : undefined}
          preventScrollReset
        >
          {t("auth.tabs.social")}
        </Link>
        <Link
          to={href({ tab: "email" })}
          className="tab"
          aria-current={tab === "email" ? "page" : undefined}
          preventScrollReset
        >
          {t("auth.tabs.email")}
        </Link>
      </nav>

      {tab === "social" ? (
        providers.length ? (
          <ProviderButtons providers={providers} redirectTo={redirectTo} />
        ) : (
          <p className="notice" role="note">
            <Trans
              id="auth.tabs.noSocial"
              components={{ 0: <Link to={href({ tab: "email" })} /> }}
            />
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
        <Link to={localePath("/")} className="btn btn-ghost btn-block">
          {t("auth.visitor.continue")}
        </Link>
        <p className="muted small">
          {t("auth.visitor.limit", { count: VISITOR_DOWNLOADS_PER_DAY })}
        </p>
        <Link to={localePath("/")}>{t("auth.visitor.back")}</Link>
      </div>
    </AuthCard>
  );
}
