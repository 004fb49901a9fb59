import {
  getFormProps,
  getInputProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { HONEYPOT_FIELD, signInSchema, signUpSchema } from "../../auth/schemas";
import type { PlanId } from "../../plans/catalogue";
import { useErrorText, useLocalePath, useT } from "../../i18n/i18n";
import { useToast } from "../toast";
import { FieldError } from "../field-error";

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
  const t = useT();
  const errorText = useErrorText();
  useEffect(() => {
    if (!actionData) return;
    toast({
      title: t(
        actionData.intent === "signup" ? "auth.toast.signupFailed" : "auth.toast.signinFailed",
      ),
      description: errorText(actionData.message),
      variant: "error",
    });
    // Once per answer: the message functions change only with the page's language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData, toast]);
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
  email = "",
  lastResult,
}: {
  mode: Mode;
  plan: PlanId;
  redirectTo: string;
  /** An address to start with (an invitation's). */
  email?: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = mode === "signup" ? signUpSchema : signInSchema;
  const [form, fields] = useForm<PasswordFields>({
    id: `${mode}-form`,
    lastResult,
    defaultValue: email ? { email } : undefined,
    constraint: undefined,
    // Checked on submit, then again as each wrong field is corrected. (Checking as a field is
    // left would insert messages above the button while it is being pressed, and the press
    // would miss it.)
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // Both schemas' fields are a subset of PasswordFields; sign-in simply has no names.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema }) as Submission<PasswordFields, string[]>,
  });
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === mode;
  const t = useT();
  const errorText = useErrorText();
  const localePath = useLocalePath();

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
      onSubmit={(event) => {
        form.onSubmit(event);
        if (event.defaultPrevented) return;
        // A path kept by the session-recovery flow before it sent the visitor here (spec
        // section 2) goes along with the form, and is then forgotten.
        const field = event.currentTarget.elements.namedItem("redirect") as HTMLInputElement;
        const stored = localStorage.getItem("redirectAfterLogin");
        if (!field.value && stored) field.value = stored;
        localStorage.removeItem("redirectAfterLogin");
      }}
      noValidate
    >
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="redirect" defaultValue={redirectTo} />
      {mode === "signup" ? <input type="hidden" name="plan" value={plan} /> : null}
      <div className="hp-field" aria-hidden="true">
        <label htmlFor={`${mode}-${HONEYPOT_FIELD}`}>{t("auth.form.honeypot")}</label>
        <input
          id={`${mode}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      {form.errors?.length ? (
        <p className="notice notice-error" role="alert" id={form.errorId}>
          {errorText(form.errors[0] ?? "")}
        </p>
      ) : null}
      {mode === "signup" ? (
        <div className="field-row">
          <div className="field">
            <label htmlFor={fields.firstName.id}>{t("auth.form.firstName")}</label>
            <input {...input("firstName")} autoComplete="given-name" />
            <FieldError id={`${fields.firstName.id}-error`} errors={fields.firstName.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.lastName.id}>{t("auth.form.lastName")}</label>
            <input {...input("lastName")} autoComplete="family-name" />
            <FieldError id={`${fields.lastName.id}-error`} errors={fields.lastName.errors} />
          </div>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={fields.email.id}>{t("auth.form.email")}</label>
        <input {...input("email", "email")} autoComplete="email" inputMode="email" />
        <FieldError id={`${fields.email.id}-error`} errors={fields.email.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.password.id}>{t("auth.form.password")}</label>
        <input
          {...input("password", "password")}
          autoComplete={mode === "signup" ? "new-password" : "current-password"}
        />
        {mode === "signup" ? (
          <p className="muted small">{t("auth.form.passwordHint")}</p>
        ) : (
          <p className="small forgot-link">
            <Link to={localePath("/forgot-password")}>{t("auth.form.forgot")}</Link>
          </p>
        )}
        <FieldError id={`${fields.password.id}-error`} errors={fields.password.errors} />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {mode === "signup"
          ? t(pending ? "auth.form.creating" : "auth.form.create")
          : t(pending ? "auth.form.signingIn" : "auth.form.signIn")}
      </button>
    </Form>
  );
}
