import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { SUPPORT_CATEGORY_IDS } from "../../support/categories";
import { MESSAGE_MAX, newTicketSchema, replySchema, SUBJECT_MAX } from "../../support/schemas";
import type { z } from "../../validation/zod";
import { useErrorText, useLocale, useT } from "../../i18n/i18n";
import { FieldError } from "../field-error";
import { useSupportWords } from "./words";

// The support forms: plain POST forms (they work without JavaScript), checked in the browser with
// the server's zod schemas once JavaScript runs, like the forms of /account.

type Values = Record<string, string | undefined>;

function useSupportForm(id: string, schema: z.ZodType, lastResult?: SubmissionResult<string[]>) {
  const [form, fields] = useForm<Values>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema }) as unknown as Submission<Values, string[]>,
  });
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("form") === id;
  // With JavaScript the same inputs stay on screen after the redirect: empty them once sent.
  const submitted = useRef(false);
  useEffect(() => {
    if (pending) submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      if (!lastResult) form.reset();
    }
  }, [pending, lastResult, form]);
  return { form, fields, pending };
}

function described(...ids: (string | false | 0 | undefined)[]) {
  return ids.filter(Boolean).join(" ") || undefined;
}

export function NewTicketForm({
  codes,
  lastResult,
}: {
  codes: { id: number; title: string | null }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { code: locale } = useLocale();
  const { form, fields, pending } = useSupportForm("new-ticket", newTicketSchema, lastResult);
  const subject = fields.subject!;
  const category = fields.category!;
  const code = fields.code!;
  const message = fields.message!;
  const { key: subjectKey, ...subjectProps } = getInputProps(subject, { type: "text" });
  const { key: categoryKey, ...categoryProps } = getSelectProps(category);
  const { key: codeKey, ...codeProps } = getSelectProps(code);
  const { key: messageKey, ...messageProps } = getTextareaProps(message);
  return (
    <Form method="post" className="support-form" {...getFormProps(form)} noValidate>
      <input type="hidden" name="form" value="new-ticket" />
      {form.errors?.length ? (
        <p className="notice notice-error" role="alert" id={form.errorId}>
          {errorText(form.errors[0]!)}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={subject.id}>{t("support.form.subject")}</label>
        <input
          key={subjectKey}
          {...subjectProps}
          maxLength={SUBJECT_MAX}
          aria-describedby={described(subject.errors?.length && subject.errorId)}
        />
        <FieldError id={subject.errorId} errors={subject.errors} />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={category.id}>{t("support.form.category")}</label>
          <select
            key={categoryKey}
            {...categoryProps}
            aria-describedby={described(category.errors?.length && category.errorId)}
          >
            <option value="">{t("support.form.chooseTopic")}</option>
            {SUPPORT_CATEGORY_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`support.category.${id}`)}
              </option>
            ))}
          </select>
          <FieldError id={category.errorId} errors={category.errors} />
        </div>
        {codes.length > 0 ? (
          <div className="field">
            <label htmlFor={code.id}>
              {t("support.form.code")}{" "}
              <span className="optional">{t("support.form.optional")}</span>
            </label>
            <select
              key={codeKey}
              {...codeProps}
              aria-describedby={described(code.errors?.length && code.errorId)}
            >
              <option value="">{t("support.form.none")}</option>
              {codes.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.title ?? t("support.form.codeN", { id: choice.id })}
                </option>
              ))}
            </select>
            <FieldError id={code.errorId} errors={code.errors} />
          </div>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={message.id}>{t("support.form.message")}</label>
        <textarea
          key={messageKey}
          {...messageProps}
          rows={8}
          maxLength={MESSAGE_MAX}
          aria-describedby={described(
            `${message.id}-hint`,
            message.errors?.length && message.errorId,
          )}
        />
        <p className="field-hint" id={`${message.id}-hint`}>
          {t("support.form.messageHint", {
            max: new Intl.NumberFormat(locale).format(MESSAGE_MAX),
          })}
        </p>
        <FieldError id={message.errorId} errors={message.errors} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? t("support.form.sending") : t("support.form.send")}
      </button>
    </Form>
  );
}

export function ReplyForm({
  lastResult,
  label,
  hint,
}: {
  lastResult?: SubmissionResult<string[]>;
  label: string;
  hint?: string;
}) {
  const w = useSupportWords();
  const { form, fields, pending } = useSupportForm("reply", replySchema, lastResult);
  const message = fields.message!;
  const { key, ...textarea } = getTextareaProps(message);
  return (
    <Form method="post" className="support-form" {...getFormProps(form)} noValidate>
      <input type="hidden" name="form" value="reply" />
      <input type="hidden" name="intent" value="reply" />
      <div className="field">
        <label htmlFor={message.id}>{label}</label>
        <textarea
          key={key}
          {...textarea}
          rows={6}
          maxLength={MESSAGE_MAX}
          aria-describedby={described(
            hint && `${message.id}-hint`,
            message.errors?.length && message.errorId,
          )}
        />
        {hint ? (
          <p className="field-hint" id={`${message.id}-hint`}>
            {hint}
          </p>
        ) : null}
        <FieldError id={message.errorId} errors={message.errors} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending
          ? w("support.form.sending", "Sending...")
          : w("support.form.sendReply", "Send reply")}
      </button>
    </Form>
  );
}

export function CloseForm({ label }: { label: string }) {
  return (
    <Form method="post" className="support-close">
      <input type="hidden" name="intent" value="close" />
      <button type="submit" className="btn btn-ghost">
        {label}
      </button>
    </Form>
  );
}
