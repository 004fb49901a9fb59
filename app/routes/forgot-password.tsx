import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requestPasswordReset } from "../accounts/recovery.server";
import { limited, limitedAddress, TOO_MANY_ATTEMPTS } from "../auth/accounts.server";
import { emailAddress } from "../auth/schemas";
import { createDatabase } from "../db/client.server";
import { requestInfoContext } from "../request-context";
import { pageMeta } from "../seo";
import { z } from "../validation/zod";
import type { Route } from "./+types/forgot-password";

const schema = z.object({ email: emailAddress });

const RESET_SENT =
  "If an account exists for that address, we've sent a link to reset your password. It works for 1 hour.";

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
  const work = await requestPasswordReset(createDatabase(), request, email);
  if (work) context.get(requestInfoContext).waitUntil(work());
  throw redirect("/forgot-password?sent=1", 303);
}

export const meta = () =>
  pageMeta("Forgot your password?", "Get a link to choose a new password for your account.");

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>Forgot your password?</h1>
        {loaderData.sent ? (
          <p className="notice notice-success" role="status">
            {RESET_SENT}
          </p>
        ) : (
          <p className="muted">
            Enter the e-mail address of your account and we will send you a link to choose a new
            password.
          </p>
        )}
        <Form method="post" className="auth-form" noValidate>
          {actionData?.limited ? (
            <p className="notice notice-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor="forgot-email">Email</label>
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
                {actionData.error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {pending ? "Sending..." : loaderData.sent ? "Send another link" : "Send reset link"}
          </button>
        </Form>
        <p className="auth-switch">
          <Link to="/auth?mode=signin">Back to sign in</Link>
        </p>
      </div>
    </section>
  );
}
