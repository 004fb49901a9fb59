import type { SubmissionResult } from "@conform-to/react";
import { profileSchema } from "../../accounts/schemas";
import { useT } from "../../i18n/i18n";
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
  const t = useT();
  return (
    <section className="card account-section" aria-labelledby="profile-heading" id="profile">
      <h2 id="profile-heading">{t("account.nav.profile")}</h2>
      <AccountForm form={form} intent="profile">
        <div className="field-row">
          <TextField
            field={fields.firstName!}
            label={t("account.profile.firstName")}
            autoComplete="given-name"
          />
          <TextField
            field={fields.lastName!}
            label={t("account.profile.lastName")}
            autoComplete="family-name"
          />
        </div>
        <SubmitButton
          pending={pending}
          label={t("account.profile.save")}
          pendingLabel={t("account.saving")}
        />
      </AccountForm>
    </section>
  );
}
