import { redirect } from "react-router";
import { passwordAction } from "../auth/password-action.server";
import { configuredProviders } from "../auth/providers.server";
import { safeRedirectPath } from "../auth/redirect";
import { emailAddress } from "../auth/schemas";
import { getUser } from "../auth/user.server";
import { AuthCard, ModeSwitch, ProviderButtons } from "../components/auth/auth-card";
import { type Mode, PasswordForm, usePasswordFailureToast } from "../components/auth/password-form";
import { PasskeySignIn } from "../components/passkeys/passkey-sign-in";
import { isPlanId, type PlanId, PLANS, TRIAL_DAYS } from "../plans/catalogue";
import { useLocalePath, useT } from "../i18n/i18n";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/auth";

function readQuery(url: URL) {
  const mode: Mode = url.searchParams.get("mode") === "signin" ? "signin" : "signup";
  const requested = url.searchParams.get("plan");
  const plan: PlanId = isPlanId(requested) ? requested : "free";
  const redirectTo = safeRedirectPath(url.searchParams.get("redirect"), "");
  // An invitation's links fill in the invited address; anything that is not one is ignored.
  const email = emailAddress.safeParse(url.searchParams.get("email")).data ?? "";
  return { mode, plan, redirectTo, email };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readQuery(url);
  // `again`: a workspace's session-length limit asks a signed-in person to sign in afresh.
  if (!url.searchParams.has("again") && (await getUser(context))) {
    throw redirect(query.redirectTo || "/");
  }
  return { ...query, providers: configuredProviders() };
}

export function action({ request, context }: Route.ActionArgs) {
  return passwordAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("auth.meta.title"), t("auth.meta.description"));
};

function TrialBanner({ plan }: { plan: PlanId }) {
  const t = useT();
  if (plan === "free") return null;
  const values = { days: TRIAL_DAYS, plan: PLANS[plan].name };
  return (
    <p className="notice notice-success" role="note">
      <strong>{t("auth.trial.title", values)}</strong> {t("auth.trial.text", values)}
    </p>
  );
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  // The form posts to its own address, ?mode= included, so the panel used stays open.
  const { mode, plan, redirectTo, providers, email } = loaderData;
  usePasswordFailureToast(actionData);
  const t = useT();
  const localePath = useLocalePath();

  const keep = (next: Mode) => {
    const params = new URLSearchParams({ mode: next });
    if (plan !== "free") params.set("plan", plan);
    if (redirectTo) params.set("redirect", redirectTo);
    if (email) params.set("email", email);
    return localePath(`/auth?${params}`);
  };

  return (
    <AuthCard
      title={mode === "signup" ? t("auth.signup.title") : t("auth.signin.title")}
      lead={mode === "signup" ? t("auth.signup.lead") : t("auth.signin.lead")}
    >
      {mode === "signup" ? <TrialBanner plan={plan} /> : null}
      <ProviderButtons providers={providers} redirectTo={redirectTo} />
      {mode === "signin" ? <PasskeySignIn redirectTo={redirectTo} providers={providers} /> : null}
      {providers.length ? (
        <p className="divider">
          <span>{t("auth.divider")}</span>
        </p>
      ) : null}
      <PasswordForm
        key={mode}
        mode={mode}
        plan={plan}
        redirectTo={redirectTo}
        email={email}
        lastResult={actionData?.intent === mode ? actionData.result : undefined}
      />
      <ModeSwitch mode={mode} href={keep} />
    </AuthCard>
  );
}
