import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { AccountActionData } from "../../accounts/page-data";
import type { AccountIntent } from "../../accounts/schemas";
import { useErrorText } from "../../i18n/i18n";
import type { z } from "../../validation/zod";
import { FieldError } from "../field-error";
import { Result, toResult } from "../result";

// The pieces every form of /account is made of: a plain POST form with its `intent` (so it works
// without JavaScript), checked in the browser with the same zod schema as on the server once
// JavaScript runs, and fields whose label, hint and first problem are tied to the input.

type Values = Record<string, string | undefined>;

export function useAccountForm(
  intent: AccountIntent,
  schema: z.ZodType,
  lastResult: SubmissionResult<string[]> | undefined,
  {
    defaultValue,
    clearAfterSuccess = false,
  }: { defaultValue?: Values; clearAfterSuccess?: boolean } = {},
) {
  const [form, fields] = useForm<Values>({
    id: `${intent}-form`,
    lastResult,
    defaultValue,
    // As on the sign-up form: checked on submit, then again as each wrong field is corrected.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema }) as unknown as Submission<Values, string[]>,
  });
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  // Without JavaScript the page after a success is a new one, with empty fields. With it the
  // same inputs stay on screen: a form whose values were used up (a password, an address that
  // now waits for its link) is emptied the same way once its post ended in a redirect.
  const submitted = useRef(false);
  useEffect(() => {
    if (pending) submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      if (clearAfterSuccess && !lastResult) form.reset();
    }
  }, [pending, clearAfterSuccess, lastResult, form]);
  return { form, fields, pending };
}

export function AccountForm({
  form,
  intent,
  className = "account-form",
  children,
}: {
  form: FormMetadata<Values>;
  intent: AccountIntent;
  className?: string;
  children: React.ReactNode;
}) {
  // The server's answer to this form (a refusal: successes redirect) is the post's result.
  const answer = useActionData<AccountActionData>();
  const errorText = useErrorText();
  return (
    <Form
      method="post"
      action={toResult("/account")}
      className={className}
      {...getFormProps(form)}
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      <Result answer={answer?.intent === intent ? answer : null}>
        {form.errors?.length ? (
          <p className="notice notice-error" role="alert" id={form.errorId}>
            {errorText(form.errors[0] ?? "")}
          </p>
        ) : null}
        {children}
      </Result>
    </Form>
  );
}

export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete: string;
  hint?: string;
}) {
  const { key, ...input } = getInputProps(field, { type });
  const hintId = `${field.id}-hint`;
  const errorId = `${field.id}-error`;
  const describedBy = [hint ? hintId : null, field.errors?.length ? errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        key={key}
        {...input}
        autoComplete={autoComplete}
        inputMode={type === "email" ? "email" : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={field.errors} />
    </div>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "btn btn-primary",
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
