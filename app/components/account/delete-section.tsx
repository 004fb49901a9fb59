import type { SubmissionResult } from "@conform-to/react";
import { deletionSchema } from "../../accounts/schemas";
import { useT } from "../../i18n/i18n";
import { AccountForm, SubmitButton, TextField, useAccountForm } from "./account-form";

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
  const t = useT();
  return (
    <section
      className="card account-section account-danger"
      aria-labelledby="delete-heading"
      id="delete"
    >
      <h2 id="delete-heading">{t("account.nav.delete")}</h2>
      <p>{t("account.delete.lead")}</p>
      <ul>
        <li>{t("account.delete.codes", { count: savedCodes })}</li>
        <li>{t("account.delete.links")}</li>
        {subscribedPlan ? (
          <li>{t("account.delete.subscription", { plan: subscribedPlan })}</li>
        ) : null}
        <li>{t("account.delete.identity")}</li>
      </ul>
      <p className="muted">{t("account.delete.keep")}</p>
      {signInAgain ? (
        <div className="notice notice-warning" role="status">
          <p>{t("account.delete.stale", { provider: signInAgain.label })}</p>
          <a className="btn btn-primary" href={signInAgain.href}>
            {t("account.delete.signInAgain", { provider: signInAgain.label })}
          </a>
        </div>
      ) : (
        <AccountForm form={form} intent="delete">
          <TextField
            field={fields.confirmEmail!}
            label={t("account.delete.confirm", { email })}
            type="email"
            autoComplete="off"
          />
          {hasPassword ? (
            <TextField
              field={fields.currentPassword!}
              label={t("account.delete.password")}
              type="password"
              autoComplete="current-password"
            />
          ) : null}
          <SubmitButton
            pending={pending}
            label={t("account.delete.submit")}
            pendingLabel={t("account.delete.deleting")}
            className="btn btn-danger-solid"
          />
        </AccountForm>
      )}
    </section>
  );
}
