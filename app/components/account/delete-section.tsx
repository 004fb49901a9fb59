import type { SubmissionResult } from "@conform-to/react";
import { deletionSchema, STALE_SIGN_IN } from "../../accounts/schemas";
import { AccountForm, SubmitButton, TextField, useAccountForm } from "./account-form";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Delete account": what goes, and the address typed to confirm it. */
export function DeleteSection({
  email,
  hasPassword,
  signInAgain,
  savedCodes,
  subscribedPlan,
  lastResult,
}: {
  email: string;
  hasPassword: boolean;
  /** Set when the account has no password and its sign-in is too old to delete it. */
  signInAgain: { href: string; label: string } | null;
  savedCodes: number;
  subscribedPlan: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, pending } = useAccountForm(
    "delete",
    deletionSchema({ email, hasPassword }),
    lastResult,
  );
  const codes =
    savedCodes === 0
      ? "your saved codes (you have none)"
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
      {signInAgain ? (
        <div className="notice notice-warning" role="status">
          <p>
            {STALE_SIGN_IN} Signing in with {signInAgain.label} proves that it is you and not
            someone at a computer you left signed in.
          </p>
          <a className="btn btn-primary" href={signInAgain.href}>
            Sign in again with {signInAgain.label}
          </a>
        </div>
      ) : (
        <AccountForm form={form} intent="delete">
          <TextField
            field={fields.confirmEmail!}
            label={`Type ${email} to confirm`}
            type="email"
            autoComplete="off"
          />
          {hasPassword ? (
            <TextField
              field={fields.currentPassword!}
              label="Your password"
              type="password"
              autoComplete="current-password"
            />
          ) : null}
          <SubmitButton
            pending={pending}
            label="Delete my account"
            pendingLabel="Deleting..."
            className="btn btn-danger-solid"
          />
        </AccountForm>
      )}
    </section>
  );
}
