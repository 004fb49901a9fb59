import { Form, useNavigation } from "react-router";
import type { AccountActionData, AccountView } from "../../accounts/page-data";
import { emailChangeSchema } from "../../accounts/schemas";
import { AccountForm, SubmitButton, TextField, useAccountForm } from "./account-form";
import { Trans, useErrorText, useT } from "../../i18n/i18n";
import { FormattedDate } from "../formatted-date";

/** "Send again": a new link to the address waiting to be confirmed. */
function ResendForm({ label }: { label: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "resend-email";
  const t = useT();
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value="resend-email" />
      <button type="submit" className="btn btn-ghost" disabled={pending}>
        {pending ? t("account.sending") : label}
      </button>
    </Form>
  );
}

/** Where the change stands: a link waiting to be opened, or one that could not be sent. */
function PendingChange({
  pending,
  undelivered,
  resendProblem,
}: {
  pending: AccountView["pendingEmail"];
  undelivered: string | undefined;
  resendProblem: string | undefined;
}) {
  const t = useT();
  const errorText = useErrorText();
  if (undelivered) {
    return (
      <div className="notice notice-error" role="alert">
        <p>
          <Trans
            id="account.email.undelivered"
            values={{ email: undelivered }}
            components={{ 0: <strong /> }}
          />
        </p>
        <ResendForm label={t("account.email.sendAgain")} />
      </div>
    );
  }
  if (!pending) {
    return resendProblem ? (
      <p className="notice notice-error" role="alert">
        {errorText(resendProblem)}
      </p>
    ) : null;
  }
  return (
    <div className="notice notice-success" role="status">
      <p>
        <Trans
          id="account.email.pending"
          values={{ email: pending.to }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p className="small">
        <Trans
          id="account.email.pendingUntil"
          components={{ 0: <FormattedDate value={pending.expiresAt} time /> }}
        />
      </p>
      {resendProblem ? <p className="field-error">{errorText(resendProblem)}</p> : null}
      <ResendForm label={t("account.email.sendLinkAgain")} />
    </div>
  );
}

export function EmailSection({
  view,
  actionData,
}: {
  view: AccountView;
  actionData: AccountActionData | undefined;
}) {
  const schema = emailChangeSchema({ email: view.email, hasPassword: view.hasPassword });
  const { form, fields, pending } = useAccountForm(
    "email",
    schema,
    actionData?.intent === "email" ? actionData.result : undefined,
    { clearAfterSuccess: true },
  );
  const resend = actionData?.intent === "resend-email" ? actionData : undefined;
  const t = useT();
  return (
    <section className="card account-section" aria-labelledby="email-heading" id="email">
      <h2 id="email-heading">{t("account.email.title")}</h2>
      <p>
        <Trans
          id="account.email.current"
          values={{ email: view.email }}
          components={{ 0: <strong /> }}
        />{" "}
        <span className={view.emailVerified ? "badge badge-tracked" : "badge badge-warning"}>
          {t(view.emailVerified ? "account.email.verified" : "account.email.unverified")}
        </span>
      </p>
      <PendingChange
        pending={view.pendingEmail}
        undelivered={actionData?.undelivered}
        resendProblem={resend?.undelivered ? undefined : resend?.result.error?.[""]?.[0]}
      />
      <h3>{t("account.email.change")}</h3>
      <AccountForm form={form} intent="email">
        <TextField
          field={fields.newEmail!}
          label={t("account.email.new")}
          type="email"
          autoComplete="email"
          hint={t("account.email.hint")}
        />
        {view.hasPassword ? (
          <TextField
            field={fields.currentPassword!}
            label={t("account.currentPassword")}
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <SubmitButton
          pending={pending}
          label={t("account.email.send")}
          pendingLabel={t("account.sending")}
        />
      </AccountForm>
    </section>
  );
}
