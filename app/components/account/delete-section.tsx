import type { SubmissionResult } from "@conform-to/react";
import { deletionSchema } from "../../accounts/schemas";
import { AccountForm, SubmitButton, TextField, useAccountForm } from "./account-form";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Delete account": what goes, and the address typed to confirm it. */
export function DeleteSection({
  email,
  savedCodes,
  subscribedPlan,
  lastResult,
}: {
  email: string;
  savedCodes: number;
  subscribedPlan: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, pending } = useAccountForm("delete", deletionSchema(email), lastResult);
  const codes =
    savedCodes === 0
      ? "your saved codes (there are none yet)"
      : `your ${count(savedCodes, "saved code", "saved codes")}`;
  return (
    <section
      className="card account-section account-danger"
      aria-labelledby="delete-heading"
      id="delete"
    >
      <h2 id="delete-heading">Delete account</h2>
      <p>Deleting your account happens at once and cannot be undone. It removes:</p>
      <ul>
        <li>{codes}, with their download and scan history, and the logos you uploaded;</li>
        <li>
          your tracked links: printed codes that use them stop redirecting and say the code was
          deleted;
        </li>
        {subscribedPlan ? (
          <li>
            your {subscribedPlan} subscription, which ends now, with no further charge and no refund
            for the rest of the period;
          </li>
        ) : null}
        <li>your name, e-mail address, password and connected sign-ins.</li>
      </ul>
      <p className="muted">
        Codes you downloaded without scan tracking keep working: their content is in the image. You
        may want to download your data first.
      </p>
      <AccountForm form={form} intent="delete">
        <TextField
          field={fields.confirmEmail!}
          label={`Type ${email} to confirm`}
          type="email"
          autoComplete="off"
        />
        <SubmitButton
          pending={pending}
          label="Delete my account"
          pendingLabel="Deleting..."
          className="btn btn-danger-solid"
        />
      </AccountForm>
    </section>
  );
}
