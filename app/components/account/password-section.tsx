import type { SubmissionResult } from "@conform-to/react";
import { passwordSchema } from "../../accounts/schemas";
import { useT } from "../../i18n/i18n";
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
  const t = useT();
  return (
    <section className="card account-section" aria-labelledby="password-heading" id="password">
      <h2 id="password-heading">
        {t(hasPassword ? "account.nav.password" : "account.password.setTitle")}
      </h2>
      <p className="muted">
        {t(hasPassword ? "account.password.changeLead" : "account.password.setLead")}
      </p>
      <AccountForm form={form} intent="password">
        {hasPassword ? (
          <TextField
            field={fields.currentPassword!}
            label={t("account.currentPassword")}
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <TextField
          field={fields.newPassword!}
          label={t("account.password.new")}
          type="password"
          autoComplete="new-password"
          hint={t("account.password.hint")}
        />
        <SubmitButton
          pending={pending}
          label={t(hasPassword ? "account.password.change" : "account.password.set")}
          pendingLabel={t("account.saving")}
        />
      </AccountForm>
    </section>
  );
}
