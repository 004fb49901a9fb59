import {
  getFormProps,
  getInputProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthFailure, authenticateWithPassword } from "../auth/accounts.server";
import { redirectWithToast } from "../auth/flash.server";
import { safeRedirectPath } from "../auth/redirect";
import { HONEYPOT_FIELD, signInSchema, signUpSchema } from "../auth/schemas";
import { startSession } from "../auth/session.server";
import { getUser } from "../auth/user.server";
import { useToast } from "../components/toast";
import { useBrowserValue } from "../components/use-hydrated";
import { PLANS, type PlanId } from "../db/schema";
import { TRIAL_DAYS } from "../plans/trial";
import { pageMeta } from "../seo";
import type { Route } from "./+types/auth";

type Mode = "signup" | "signin";

const PLAN_NAMES: Record<PlanId, string> = {
  free: "Free",
  premium: "Premium",
  ultimate: "Ultimate",
};

function readQuery(url: URL) {
  const mode: Mode = url.searchParams.get("mode") === "signin" ? "signin" : "signup";
  const requested = url.searchParams.get("plan");
  const plan: PlanId = PLANS.includes(requested as PlanId) ? (requested as PlanId) : "free";
  const redirectTo = safeRedirectPath(url.searchParams.get("redirect"), "");
  return { mode, plan, redirectTo };
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(new URL(request.url));
  if (await getUser(request)) throw redirect(query.redirectTo || "/");
  return query;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.clone().formData();
  const intent: Mode = form.get("intent") === "signin" ? "signin" : "signup";
  try {
    const { user, created } = await authenticateWithPassword(intent, request);
    const cookie = await startSession(request, user.id);
    const plan = user.subscriptionPlan;
    const toast = created
      ? {
          title: "Account created successfully!",
          description:
            plan === "free"
              ? "Welcome to QR Code Creator!"
              : `Starting your ${TRIAL_DAYS}-day ${PLAN_NAMES[plan]} trial!`,
          variant: "success" as const,
        }
      : {
          title: "Welcome back!",
          description: "Successfully signed in.",
          variant: "success" as const,
        };
    return redirectWithToast(request, safeRedirectPath(form.get("redirect")), toast, [cookie]);
  } catch (error) {
    if (error instanceof AuthFailure) {
      return data(
        { intent, result: error.reply, message: error.message },
        { status: error.status },
      );
    }
    throw error;
  }
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
        Start your {TRIAL_DAYS}-day {PLAN_NAMES[plan]} trial.
      </strong>{" "}
      Create your account and every {PLAN_NAMES[plan]} feature is yours for {TRIAL_DAYS} days, no
      card needed.
    </p>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors[0]}
    </p>
  );
}

interface PasswordFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

function PasswordForm({
  mode,
  plan,
  redirectTo,
  lastResult,
}: {
  mode: Mode;
  plan: PlanId;
  redirectTo: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = mode === "signup" ? signUpSchema : signInSchema;
  const [form, fields] = useForm<PasswordFields>({
    id: `${mode}-form`,
    lastResult,
    constraint: undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Both schemas' fields are a subset of PasswordFields; sign-in simply has no names.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema }) as Submission<PasswordFields, string[]>,
  });
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === mode;
  // A path kept by the session-recovery flow before it sent the visitor here (spec section 2).
  const storedRedirect = useBrowserValue(
    () => localStorage.getItem("redirectAfterLogin") ?? "",
    "",
  );

  const input = (name: "firstName" | "lastName" | "email" | "password", type = "text") => {
    const field = fields[name];
    return {
      ...getInputProps(field, { type: type as "text" }),
      "aria-describedby": field.errors?.length ? `${field.id}-error` : undefined,
      key: field.key,
    };
  };

  return (
    <Form
      method="post"
      className="auth-form"
      {...getFormProps(form)}
      // Fields are checked as they are left (Conform); the server checks the whole form on
      // submit and its reply shows every problem, the empty fields included.
      onSubmit={() => localStorage.removeItem("redirectAfterLogin")}
      noValidate
    >
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="redirect" value={redirectTo || storedRedirect} />
      {mode === "signup" ? <input type="hidden" name="plan" value={plan} /> : null}
      <div className="hp-field" aria-hidden="true">
        <label htmlFor={`${mode}-${HONEYPOT_FIELD}`}>Leave this empty</label>
        <input
          id={`${mode}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      {form.errors?.length ? (
        <p className="notice notice-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </p>
      ) : null}
      {mode === "signup" ? (
        <div className="field-row">
          <div className="field">
            <label htmlFor={fields.firstName.id}>First name</label>
            <input {...input("firstName")} autoComplete="given-name" />
            <FieldError id={`${fields.firstName.id}-error`} errors={fields.firstName.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.lastName.id}>Last name</label>
            <input {...input("lastName")} autoComplete="family-name" />
            <FieldError id={`${fields.lastName.id}-error`} errors={fields.lastName.errors} />
          </div>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={fields.email.id}>Email</label>
        <input {...input("email", "email")} autoComplete="email" inputMode="email" />
        <FieldError id={`${fields.email.id}-error`} errors={fields.email.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.password.id}>Password</label>
        <input
          {...input("password", "password")}
          autoComplete={mode === "signup" ? "new-password" : "current-password"}
        />
        {mode === "signup" ? <p className="muted small">At least 8 characters.</p> : null}
        <FieldError id={`${fields.password.id}-error`} errors={fields.password.errors} />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {mode === "signup"
          ? pending
            ? "Creating account..."
            : "Create account"
          : pending
            ? "Signing in..."
            : "Sign in"}
      </button>
    </Form>
  );
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  // The form posts to its own address, ?mode= included, so the panel used stays open.
  const { mode, plan, redirectTo } = loaderData;
  const toast = useToast();
  useEffect(() => {
    if (!actionData) return;
    toast(
      actionData.intent === "signup"
        ? { title: "Signup failed", description: actionData.message, variant: "error" }
        : { title: "Signin failed", description: actionData.message, variant: "error" },
    );
  }, [actionData, toast]);

  const keep = (next: Mode) => {
    const params = new URLSearchParams({ mode: next });
    if (plan !== "free") params.set("plan", plan);
    if (redirectTo) params.set("redirect", redirectTo);
    return `/auth?${params}`;
  };
  const googleHref = `/api/auth/google${redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : ""}`;

  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{mode === "signup" ? "Create your account" : "Sign in"}</h1>
        <p className="muted">
          {mode === "signup"
            ? "Save your codes, add logos and see how they perform."
            : "Welcome back. Sign in to your QR Code Creator account."}
        </p>
        {mode === "signup" ? <TrialBanner plan={plan} /> : null}
        <a className="btn btn-ghost btn-block" href={googleHref}>
          Continue with Google
        </a>
        <p className="divider">
          <span>or with your email</span>
        </p>
        <PasswordForm
          key={mode}
          mode={mode}
          plan={plan}
          redirectTo={redirectTo}
          lastResult={actionData?.intent === mode ? actionData.result : undefined}
        />
        <p className="auth-switch">
          {mode === "signup" ? (
            <Link to={keep("signin")}>Already have an account? Sign in</Link>
          ) : (
            <Link to={keep("signup")}>Don&apos;t have an account? Sign up</Link>
          )}
        </p>
        <p className="muted small">
          By continuing you agree to our <Link to="/terms">Terms of Service</Link> and{" "}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </section>
  );
}
