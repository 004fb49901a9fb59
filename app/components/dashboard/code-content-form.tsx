import { useState } from "react";
import { Form, Link } from "react-router";
import type { CodeEditAction } from "../../dashboard/code-edits.server";
import { CONTENT_FIELDS, type ContentField } from "../../qr/fields";
import type { QrType } from "../../qr/types";
import { ContentFields } from "../generator/content-fields";
import { fieldLabel } from "../../dashboard/code-content";
import { RESULT_ID, ResultRegion } from "./result-region";

// A static code's Edit content form (issue #29 item 8). Its content is printed in its image, so
// the first post only shows what would change and asks again; "Yes, change the printed code"
// saves. Plain forms: the confirmation step works the same without JavaScript.

export const CONTENT_CHANGES_IMAGE =
  "The content of a static code is printed in its image: changing it changes the image, and copies already printed keep the old content.";

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
              <strong>Change the printed code?</strong> {answer.message}
            </p>
            <dl className="code-facts">
              {Object.entries(answer.values)
                .filter(([, value]) => value !== "")
                .map(([name, value]) => (
                  <div key={name}>
                    <dt>New {fieldLabel(name).toLowerCase()}</dt>
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
                Yes, change the printed code
              </button>
              <Link to={`/dashboard/codes/${codeId}`} className="btn btn-ghost">
                Keep the current content
              </Link>
            </Form>
          </>
        ) : (
          <p>
            <strong>The content was not changed.</strong> {answer?.message}
          </p>
        )}
      </ResultRegion>
      <Form method="post" action={target} className="content-form">
        <input type="hidden" name="intent" value="content" />
        <p className="notice notice-warning">{CONTENT_CHANGES_IMAGE}</p>
        <ContentFields
          type={type}
          values={values}
          errors={answer && !confirming ? answer.errors : {}}
          onChange={(name, value) => setValues((all) => ({ ...all, [name]: value }))}
        />
        <button type="submit" className="btn btn-primary">
          Review the change
        </button>
      </Form>
    </>
  );
}
