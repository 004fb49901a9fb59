import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { checkResetToken, resetPassword, tokenProblem } from "../accounts/recovery.server";
import { redirectWithToast } from "../auth/flash.server";
import { newPassword } from "../auth/schemas";
import { LinkProblem } from "../components/auth/link-problem";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import { z } from "../validation/zod";
import type { Route } from "./+types/reset-password";

const schema = z.object({ token: z.string(), password: newPassword });

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /reset-password?token=: the form, if the link still works (it is spent on submit). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const check = await checkResetToken(createDatabase(), token);
  if (!check.ok) {
    const problem = tokenProblem(check.reason);
    return data({ problem, token: null }, { status: problem.status, headers: NO_STORE });
  }
  return data({ problem: null, token }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    const error = submission.error?.password?.[0] ?? "Password must be at least 8 characters";
    return data({ error, problem: null }, { status: 400 });
  }
  const { token, password } = submission.value;
  const outcome = await resetPassword(createDatabase(), request, token, password);
  if (!outcome.ok) {
    const problem = tokenProblem(outcome.reason);
    return data({ error: null, problem }, { status: problem.status });
  }
  return redirectWithToast(request, "/auth?mode=signin", {
    title: "Password changed",
    description: "Sign in with your new password.",
    variant: "success",
  });
}

export const meta = () =>
  pageMeta("Choose a new password", "Choose a new password for your account.");

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const problem = actionData?.problem ?? loaderData.problem;
  if (problem || !loaderData.token) {
    return (
      <LinkProblem
        title={problem?.title ?? "This link is not valid"}
        explanation={
          problem?.explanation ??
          "A reset link works once, for 1 hour, and only the newest one you asked for. Ask for a new link and use it within the hour."
        }
        action={{ to: "/forgot-password", label: "Get a new link" }}
      />
    );
  }
  const error = actionData?.error;
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>Choose a new password</h1>
        <p className="muted">
          After this, every device signed in to your account is signed out, and you sign in again
          with the new password.
        </p>
        <Form method="post" className="auth-form" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <div className="field">
            <label htmlFor="new-password">New password</label>
            <input
              id="new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "new-password-error" : "new-password-hint"}
            />
            <p className="muted small" id="new-password-hint">
              At least 8 characters.
            </p>
            {error ? (
              <p className="field-error" id="new-password-error">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {pending ? "Saving..." : "Set new password"}
          </button>
        </Form>
      </div>
    </section>
  );
}
