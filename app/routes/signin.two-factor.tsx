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
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await completeSecondStep(request, createDatabase(), {
    code: String(form.get("code") ?? ""),
    trust: form.get("trust") === "on",
  });
  if (outcome.ok) return secondStepDone(request, outcome);
  return data({ message: outcome.message, restart: outcome.restart }, { status: outcome.status });
}

export const meta = () =>
  pageMeta("Two-factor sign-in", "Enter the code from your authenticator app to sign in.");

const SIGN_IN_AGAIN = "/auth?mode=signin";

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const open = loaderData.open && !actionData?.restart;
  return (
    <AuthCard
      title="Two-factor sign-in"
      lead="Your password was right. Now enter the 6-digit code your authenticator app shows for QR Code Creator."
    >
      {actionData ? (
        <Result answer={actionData} role="alert">
          <p className="notice notice-error">{actionData.message}</p>
        </Result>
      ) : null}
      {open ? (
        <Form method="post" action={toResult(SECOND_STEP_PATH)} className="auth-form">
          <div className="field">
            <label htmlFor="two-factor-code">Authentication code</label>
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
              No phone at hand? Enter one of your recovery codes instead (like k7pq2-xm4rt); each
              works once.
            </p>
          </div>
          <label className="check">
            <input type="checkbox" name="trust" /> Trust this browser for {TRUST_DAYS} days
          </label>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {pending ? "Checking…" : "Verify and sign in"}
          </button>
        </Form>
      ) : (
        <p className="notice" role="note">
          {actionData?.restart
            ? "Start again from the sign-in page."
            : "There is no sign-in waiting for a code in this browser, or it expired after 10 minutes."}{" "}
          <Link to={SIGN_IN_AGAIN}>Sign in with your password</Link>
        </p>
      )}
    </AuthCard>
  );
}
