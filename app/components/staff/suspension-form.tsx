import {
  getFormProps,
  getInputProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { SUSPENSION_REASON_MAX, suspendSchema } from "../../staff/suspension-schema";
import { FieldError } from "../field-error";
import { toResult } from "../result";

// Suspending a workspace, and lifting it: plain POST forms (they work without JavaScript), the
// reason checked in the browser with the server's schema once JavaScript runs.

type Values = Record<string, string | undefined>;

export function SuspendForm({
  action,
  lastResult,
}: {
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<Values>({
    id: "suspend",
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: suspendSchema }) as unknown as Submission<Values, string[]>,
  });
  const reason = fields.reason!;
  const { key, ...reasonProps } = getInputProps(reason, { type: "text" });
  return (
    <Form method="post" action={toResult(action)} {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="suspend" />
      <div className="field">
        <label htmlFor={reason.id}>
          Reason (e-mailed to the owner and admins, shown to members)
        </label>
        <input
          key={key}
          {...reasonProps}
          maxLength={SUSPENSION_REASON_MAX}
          aria-describedby={reason.errors?.length ? reason.errorId : undefined}
        />
        <FieldError id={reason.errorId} errors={reason.errors} />
      </div>
      <button type="submit" className="btn btn-danger">
        Suspend workspace
      </button>
    </Form>
  );
}

export function LiftForm({ action }: { action: string }) {
  return (
    <Form method="post" action={toResult(action)}>
      <input type="hidden" name="intent" value="lift" />
      <button type="submit" className="btn btn-primary">
        Lift the suspension
      </button>
    </Form>
  );
}
