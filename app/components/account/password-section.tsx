import type { SubmissionResult } from "@conform-to/react";
import { passwordSchema } from "../../accounts/schemas";
import { AccountForm, SubmitButton, TextField, useAccountForm } from "./account-form";

/** Change the password; an account without one (Google or the platform only) sets a first one. */
export function PasswordSection({
  hasPassword,
  lastResult,
}: {
  hasPassword: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, pending } = useAccountForm(
    "password",
    passwordSchema({ hasPassword }),
    lastResult,
    { clearAfterSuccess: true },
  );
  return (
    <section className="card account-section" aria-labelledby="password-heading" id="password">
      <h2 id="password-heading">{hasPassword ? "Password" : "Set a password"}</h2>
      <p className="muted">
        {hasPassword
          ? "Changing your password signs out every other browser and device; this one stays signed in."
          : "You sign in with another service. Set a password to also sign in with your e-mail address."}
      </p>
      <AccountForm form={form} intent="password">
        {hasPassword ? (
          <TextField
            field={fields.currentPassword!}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <TextField
          field={fields.newPassword!}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <SubmitButton
          pending={pending}
          label={hasPassword ? "Change password" : "Set password"}
          pendingLabel="Saving..."
        />
      </AccountForm>
    </section>
  );
}
