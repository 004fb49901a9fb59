import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { checkResetToken, resetPassword, tokenProblem } from "../accounts/recovery.server";
import { redirectWithToast } from "../auth/flash.server";
import { newPassword } from "../auth/schemas";
import { LinkProblem } from "../components/auth/link-problem";
import { createDatabase } from "../db/client.server";
import { useErrorText, useLocalePath, useT } from "../i18n/i18n";
import { getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
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

export async function action({ request, context }: Route.ActionArgs) {
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
  const t = await getT(context);
  return redirectWithToast(request, "/auth?mode=signin", {
    title: t("auth.reset.changed.title"),
    description: t("auth.reset.changed.text"),
    variant: "success",
  });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("auth.reset.title"), t("auth.reset.meta.description"));
};

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const t = useT();
  const errorText = useErrorText();
  const localePath = useLocalePath();
  const problem = actionData?.problem ?? loaderData.problem;
  if (problem || !loaderData.token) {
    return (
      <LinkProblem
        title={errorText(problem?.title ?? "This link is not valid")}
        explanation={
          problem?.explanation ? errorText(problem.explanation) : t("auth.reset.linkRules")
        }
        action={{ to: localePath("/forgot-password"), label: t("auth.reset.newLink") }}
      />
    );
  }
  const error = actionData?.error;
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{t("auth.reset.title")}</h1>
        <p className="muted">{t("auth.reset.lead")}</p>
        <Form method="post" className="auth-form" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <div className="field">
            <label htmlFor="new-password">{t("auth.reset.newPassword")}</label>
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
              {t("auth.form.passwordHint")}
            </p>
            {error ? (
              <p className="field-error" id="new-password-error">
                {errorText(error)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {t(pending ? "auth.reset.saving" : "auth.reset.submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}
