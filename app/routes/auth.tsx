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

export function action({ request }: Route.ActionArgs) {
  return passwordAction(request);
}

export const meta = () =>
  pageMeta(
    "Sign in or create an account",
    "Create a free QR Code Creator account to save your codes, or sign in to the one you have.",
  );

function TrialBanner({ plan }: { plan: PlanId }) {
  if (plan === "free") return null;
  return (
    <p className="notice notice-success" role="note">
      <strong>
        Start your {TRIAL_DAYS}-day {PLANS[plan].name} trial.
      </strong>{" "}
      Create your account and every {PLANS[plan].name} feature is yours for {TRIAL_DAYS} days, no
      card needed.
    </p>
  );
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  // The form posts to its own address, ?mode= included, so the panel used stays open.
  const { mode, plan, redirectTo, providers, email } = loaderData;
  usePasswordFailureToast(actionData);

  const keep = (next: Mode) => {
    const params = new URLSearchParams({ mode: next });
    if (plan !== "free") params.set("plan", plan);
    if (redirectTo) params.set("redirect", redirectTo);
    if (email) params.set("email", email);
    return `/auth?${params}`;
  };

  return (
    <AuthCard
      title={mode === "signup" ? "Create your account" : "Sign in"}
      lead={
        mode === "signup"
          ? "Save your codes, add logos and see how they perform."
          : "Welcome back. Sign in to your QR Code Creator account."
      }
    >
      {mode === "signup" ? <TrialBanner plan={plan} /> : null}
      <ProviderButtons providers={providers} redirectTo={redirectTo} />
      {mode === "signin" ? <PasskeySignIn redirectTo={redirectTo} providers={providers} /> : null}
      {providers.length ? (
        <p className="divider">
          <span>or with your email</span>
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
