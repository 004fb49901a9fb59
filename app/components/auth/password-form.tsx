import {
  getFormProps,
  getInputProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { HONEYPOT_FIELD, signInSchema, signUpSchema } from "../../auth/schemas";
import type { PlanId } from "../../db/schema";
import { useToast } from "../toast";
import { useBrowserValue } from "../use-hydrated";

export type Mode = "signup" | "signin";

/** What the e-mail form's action answers when it cannot sign the person in. */
export interface PasswordActionData {
  intent: Mode;
  result: SubmissionResult<string[]>;
  message: string;
}

/** The failure toast of spec section 8, once per failed post. */
export function usePasswordFailureToast(actionData: PasswordActionData | undefined) {
  const toast = useToast();
  useEffect(() => {
    if (!actionData) return;
    toast(
      actionData.intent === "signup"
        ? { title: "Signup failed", description: actionData.message, variant: "error" }
        : { title: "Signin failed", description: actionData.message, variant: "error" },
    );
  }, [actionData, toast]);
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

export function PasswordForm({
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
