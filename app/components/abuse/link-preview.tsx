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
import { Form, useNavigation } from "react-router";
import {
  previewPath,
  REPORT_DETAILS_MAX,
  REPORT_HONEYPOT,
  REPORT_REASONS,
  reportSchema,
} from "../../abuse/reports";
import { useErrorText, useT } from "../../i18n/i18n";
import { LINK_PAGES } from "../../scans/link-pages";
import { FieldError } from "../field-error";
import { Result, toResult } from "../result";

// The preview page of a short link (/s/{slug}+, issue #31): where it leads, who made it, and a
// plain form to report it. The destination is an ordinary link the reader may choose to follow.

type Preview =
  | { state: "disabled"; slug: string; reported: boolean }
  | { state: "live"; slug: string; destination: string; maker: string; reported: boolean };

export function LinkPreviewPage({
  preview,
  lastResult,
}: {
  preview: Preview;
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  if (preview.state === "disabled") {
    const { title, text } = LINK_PAGES.disabled;
    return (
      <section className="container narrow link-preview">
        <div className="card">
          <h1>{t(title)}</h1>
          <p className="muted">{t(text)}</p>
        </div>
      </section>
    );
  }
  return (
    <section className="container narrow link-preview">
      <header className="page-header">
        <h1>{t("scan.preview.title")}</h1>
        <p className="lead">{t("scan.preview.lead")}</p>
      </header>
      <div className="card">
        <dl className="link-preview-facts">
          <dt>{t("scan.preview.leadsTo")}</dt>
          <dd>
            <a href={preview.destination} rel="noopener noreferrer nofollow">
              {preview.destination}
            </a>
          </dd>
          <dt>{t("scan.preview.madeBy")}</dt>
          <dd>{preview.maker}</dd>
        </dl>
        <p className="muted">{t("scan.preview.trust")}</p>
      </div>
      <ReportForm slug={preview.slug} reported={preview.reported} lastResult={lastResult} />
    </section>
  );
}

type Values = Record<string, string | undefined>;

function ReportForm({
  slug,
  reported,
  lastResult,
}: {
  slug: string;
  reported: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Values>({
    id: "report-link",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: reportSchema }) as unknown as Submission<Values, string[]>,
  });
  const t = useT();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const reason = fields.reason!;
  const details = fields.details!;
  const email = fields.email!;
  const { key: reasonKey, ...reasonProps } = getSelectProps(reason);
  const { key: detailsKey, ...detailsProps } = getTextareaProps(details);
  const { key: emailKey, ...emailProps } = getInputProps(email, { type: "email" });
  return (
    <Result
      as="section"
      answer={lastResult ?? (reported ? "reported" : null)}
      className="card"
      aria-labelledby="report-heading"
    >
      <h2 id="report-heading">{t("scan.report.title")}</h2>
      {reported && !lastResult ? (
        <p className="notice notice-success" role="status">
          {t("scan.report.thanks")}
        </p>
      ) : (
        <Form
          method="post"
          action={toResult(previewPath(slug))}
          {...getFormProps(form)}
          noValidate
          className="report-form"
        >
          <p className="muted">{t("scan.report.intro")}</p>
          {form.errors?.length ? (
            <p className="notice notice-error" role="alert" id={form.errorId}>
              {errorText(form.errors[0]!)}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor={reason.id}>{t("scan.report.reason")}</label>
            <select
              key={reasonKey}
              {...reasonProps}
              aria-describedby={reason.errors?.length ? reason.errorId : undefined}
            >
              <option value="">{t("scan.report.chooseReason")}</option>
              {Object.keys(REPORT_REASONS).map((value) => (
                <option key={value} value={value}>
                  {t(`scan.report.reason.${value}`)}
                </option>
              ))}
            </select>
            <FieldError id={reason.errorId} errors={reason.errors} />
          </div>
          <div className="field">
            <label htmlFor={details.id}>{t("scan.report.details")}</label>
            <textarea
              key={detailsKey}
              {...detailsProps}
              rows={4}
              maxLength={REPORT_DETAILS_MAX}
              aria-describedby={details.errors?.length ? details.errorId : undefined}
            />
            <FieldError id={details.errorId} errors={details.errors} />
          </div>
          <div className="field">
            <label htmlFor={email.id}>{t("scan.report.email")}</label>
            <input
              key={emailKey}
              {...emailProps}
              autoComplete="email"
              aria-describedby={`${email.id}-hint${email.errors?.length ? ` ${email.errorId}` : ""}`}
            />
            <p id={`${email.id}-hint`} className="muted small">
              {t("scan.report.emailHint")}
            </p>
            <FieldError id={email.errorId} errors={email.errors} />
          </div>
          {/* The honeypot: hidden from people and screen readers; robots fill it in. */}
          <div hidden>
            <label htmlFor="report-website">{t("scan.report.honeypot")}</label>
            <input id="report-website" name={REPORT_HONEYPOT} tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? t("scan.report.sending") : t("scan.report.send")}
          </button>
        </Form>
      )}
    </Result>
  );
}
