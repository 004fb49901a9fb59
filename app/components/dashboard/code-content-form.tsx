import { useState } from "react";
import { Form, Link } from "react-router";
import type { CodeEditAction } from "../../dashboard/code-edits.server";
import { CONTENT_FIELDS, type ContentField } from "../../qr/fields";
import type { QrType } from "../../qr/types";
import { useLocale, useT } from "../../i18n/i18n";
import { ContentFields } from "../generator/content-fields";
import { fieldLabel } from "../../dashboard/code-content";
import { RESULT_ID, ResultRegion } from "./result-region";

// A static code's Edit content form (issue #29 item 8). Its content is printed in its image, so
// the first post only shows what would change and asks again; "Yes, change the printed code"
// saves. Plain forms: the confirmation step works the same without JavaScript.

function allFields(values: Record<string, string>): Record<ContentField, string> {
  return Object.fromEntries(CONTENT_FIELDS.map((name) => [name, values[name] ?? ""])) as Record<
    ContentField,
    string
  >;
}

export function ContentForm({
  codeId,
  type,
  saved,
  action,
}: {
  codeId: number;
  type: QrType;
  saved: Record<string, string>;
  action?: CodeEditAction;
}) {
  const t = useT();
  const { code } = useLocale();
  const answer = action?.intent === "content" ? action : undefined;
  const [values, setValues] = useState(() => allFields(answer?.values ?? saved));
  const [shown, setShown] = useState(answer);
  // A new answer (a refusal, or the confirmation step) shows what was sent.
  if (shown !== answer) {
    setShown(answer);
    if (answer) setValues(allFields(answer.values));
  }
  const target = `/dashboard/codes/${codeId}#${RESULT_ID}`;
  const confirming = answer?.stage === "confirm";
  return (
    <>
      <ResultRegion
        answer={answer ?? null}
        className={`notice ${confirming ? "notice-warning" : "notice-error"}`}
      >
        {confirming ? (
          <>
            <p>
              <strong>{t("code.contentForm.confirmTitle")}</strong> {answer.message}
            </p>
            <dl className="code-facts">
              {Object.entries(answer.values)
                .filter(([, value]) => value !== "")
                .map(([name, value]) => (
                  <div key={name}>
                    <dt>
                      {t("code.contentForm.newValue", {
                        // English runs the label into its sentence ("New website address").
                        field:
                          code === "en" ? fieldLabel(t, name).toLowerCase() : fieldLabel(t, name),
                      })}
                    </dt>
                    <dd>{value}</dd>
                  </div>
                ))}
            </dl>
            <Form method="post" action={target} className="confirm-actions">
              <input type="hidden" name="intent" value="content" />
              <input type="hidden" name="confirm" value="yes" />
              {Object.entries(answer.values).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="btn btn-primary">
                {t("code.contentForm.yes")}
              </button>
              <Link to={`/dashboard/codes/${codeId}`} className="btn btn-ghost">
                {t("code.contentForm.keep")}
              </Link>
            </Form>
          </>
        ) : (
          <p>
            <strong>{t("code.contentForm.notChanged")}</strong> {answer?.message}
          </p>
        )}
      </ResultRegion>
      <Form method="post" action={target} className="content-form">
        <input type="hidden" name="intent" value="content" />
        <p className="notice notice-warning">{t("code.contentForm.warning")}</p>
        <ContentFields
          type={type}
          values={values}
          errors={answer && !confirming ? answer.errors : {}}
          onChange={(name, value) => setValues((all) => ({ ...all, [name]: value }))}
        />
        <button type="submit" className="btn btn-primary">
          {t("code.contentForm.review")}
        </button>
      </Form>
    </>
  );
}
