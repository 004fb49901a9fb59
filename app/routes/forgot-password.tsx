import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requestPasswordReset } from "../accounts/recovery.server";
import { limited, limitedAddress, TOO_MANY_ATTEMPTS } from "../auth/accounts.server";
import { emailAddress } from "../auth/schemas";
import { createDatabase } from "../db/client.server";
import { useErrorText, useLocalePath, useT } from "../i18n/i18n";
import { getLocale } from "../i18n/locale.server";
import { localizedPath } from "../i18n/locales";
import { metaT } from "../i18n/meta";
import { requestInfoContext } from "../request-context";
import { pageMeta } from "../seo";
import { z } from "../validation/zod";
import type { Route } from "./+types/forgot-password";

const schema = z.object({ email: emailAddress });

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, and
 * takes as long: the e-mail is prepared and sent after the response.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    const error = submission.error?.email?.[0] ?? "Invalid email address";
    return data({ error, limited: false }, { status: 400 });
  }
  const email = submission.value.email.toLowerCase();
  if ((await limitedAddress("reset", request)) || (await limited(`reset:account:${email}`))) {
    return data({ error: TOO_MANY_ATTEMPTS, limited: true }, { status: 429 });
  }
  // Resolved first: once the e-mail's work has started, the answer must leave at once, or the
  // time it takes would tell a known address from an unknown one.
  const sent = localizedPath(await getLocale(context), "/forgot-password?sent=1");
  const work = await requestPasswordReset(createDatabase(), request, email);
  if (work) context.get(requestInfoContext).waitUntil(work());
  throw redirect(sent, 303);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("auth.forgot.title"), t("auth.forgot.meta.description"));
};

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const t = useT();
  const errorText = useErrorText();
  const localePath = useLocalePath();
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{t("auth.forgot.title")}</h1>
        {loaderData.sent ? (
          <p className="notice notice-success" role="status">
            {t("auth.forgot.sent")}
          </p>
        ) : (
          <p className="muted">{t("auth.forgot.lead")}</p>
        )}
        <Form method="post" className="auth-form" noValidate>
          {actionData?.limited ? (
            <p className="notice notice-error" role="alert">
              {errorText(actionData.error)}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor="forgot-email">{t("auth.form.email")}</label>
            <input
              id="forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              aria-invalid={actionData && !actionData.limited ? true : undefined}
              aria-describedby={
                actionData && !actionData.limited ? "forgot-email-error" : undefined
              }
            />
            {actionData && !actionData.limited ? (
              <p className="field-error" id="forgot-email-error">
                {errorText(actionData.error)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {t(
              pending
                ? "auth.forgot.sending"
                : loaderData.sent
                  ? "auth.forgot.sendAnother"
                  : "auth.forgot.send",
            )}
          </button>
        </Form>
        <p className="auth-switch">
          <Link to={localePath("/auth?mode=signin")}>{t("auth.forgot.back")}</Link>
        </p>
      </div>
    </section>
  );
}
