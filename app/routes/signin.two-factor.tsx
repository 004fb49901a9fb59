import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getUser } from "../auth/user.server";
import { AuthCard } from "../components/auth/auth-card";
import { Result, toResult } from "../components/result";
import { createDatabase } from "../db/client.server";
import { SECOND_STEP_PATH, TRUST_DAYS } from "../security/two-factor";
import {
  completeSecondStep,
  openChallenge,
  secondStepDone,
} from "../security/two-factor-sign-in.server";
import { useLocalePath, useT } from "../i18n/i18n";
import { chosenLocale, getT, translatorFor } from "../i18n/locale.server";
import { DEFAULT_LOCALE } from "../i18n/locales";
import { say } from "../i18n/phrase";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/signin.two-factor";

// The second step of signing in (issue #31): the 6-digit code from the authenticator app, or a
// recovery code. The password step left a challenge cookie; without one there is nothing to do.

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getUser(context)) throw redirect("/");
  const challenge = await openChallenge(request, createDatabase());
  return data({ open: challenge !== null }, { headers: { "Cache-Control": "private, no-store" } });
}

/** The page's form; a script's JSON sign-in (401 TWO_FACTOR_REQUIRED) sends the person here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await completeSecondStep(request, createDatabase(), {
    code: String(form.get("code") ?? ""),
    trust: form.get("trust") === "on",
  });
  if (outcome.ok) {
    // The welcome is read on a signed-in page, which speaks the account's language.
    const locale = chosenLocale(request, outcome.user) ?? DEFAULT_LOCALE;
    return secondStepDone(request, outcome, translatorFor(locale));
  }
  const t = await getT(context);
  return data({ message: say(t, outcome), restart: outcome.restart }, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("auth.twoFactor.title"), t("auth.twoFactor.meta.description"));
};

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const open = loaderData.open && !actionData?.restart;
  const t = useT();
  const localePath = useLocalePath();
  return (
    <AuthCard title={t("auth.twoFactor.title")} lead={t("auth.twoFactor.lead")}>
      {actionData ? (
        <Result answer={actionData} role="alert">
          <p className="notice notice-error">{actionData.message}</p>
        </Result>
      ) : null}
      {open ? (
        <Form method="post" action={toResult(SECOND_STEP_PATH)} className="auth-form">
          <div className="field">
            <label htmlFor="two-factor-code">{t("auth.twoFactor.code")}</label>
            <input
              id="two-factor-code"
              name="code"
              required
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
              aria-describedby="two-factor-code-hint"
            />
            <p id="two-factor-code-hint" className="field-hint">
              {t("auth.twoFactor.codeHint")}
            </p>
          </div>
          <label className="check">
            <input type="checkbox" name="trust" /> {t("auth.twoFactor.trust", { days: TRUST_DAYS })}
          </label>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {t(pending ? "auth.twoFactor.checking" : "auth.twoFactor.submit")}
          </button>
        </Form>
      ) : (
        <p className="notice" role="note">
          {t(actionData?.restart ? "auth.twoFactor.restart" : "auth.twoFactor.none")}{" "}
          <Link to={localePath("/auth?mode=signin")}>{t("auth.twoFactor.again")}</Link>
        </p>
      )}
    </AuthCard>
  );
}
