import type { SubmissionResult } from "@conform-to/react";
import { profileSchema } from "../../accounts/schemas";
import { AccountForm, SubmitButton, TextField, useAccountForm } from "./account-form";

export function ProfileSection({
  firstName,
  lastName,
  lastResult,
}: {
  firstName: string;
  lastName: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, pending } = useAccountForm("profile", profileSchema, lastResult, {
    defaultValue: { firstName, lastName },
  });
  return (
    <section className="card account-section" aria-labelledby="profile-heading" id="profile">
      <h2 id="profile-heading">Profile</h2>
      <AccountForm form={form} intent="profile">
        <div className="field-row">
          <TextField field={fields.firstName!} label="First name" autoComplete="given-name" />
          <TextField field={fields.lastName!} label="Last name" autoComplete="family-name" />
        </div>
        <SubmitButton pending={pending} label="Save name" pendingLabel="Saving..." />
      </AccountForm>
    </section>
  );
}
