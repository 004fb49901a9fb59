import { Form, useNavigation } from "react-router";
import type { AccountActionData, AccountView } from "../../accounts/page-data";
import { emailChangeSchema } from "../../accounts/schemas";
import { AccountForm, SubmitButton, TextField, useAccountForm } from "./account-form";
import { FormattedDate } from "../formatted-date";

/** "Send again": a new link to the address waiting to be confirmed. */
function ResendForm({ label }: { label: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "resend-email";
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value="resend-email" />
      <button type="submit" className="btn btn-ghost" disabled={pending}>
        {pending ? "Sending..." : label}
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
  if (undelivered) {
    return (
      <div className="notice notice-error" role="alert">
        <p>
          <strong>We could not send the e-mail to {undelivered}.</strong> Your address has not
          changed. Please try again in a moment.
        </p>
        <ResendForm label="Send again" />
      </div>
    );
  }
  if (!pending) {
    return resendProblem ? (
      <p className="notice notice-error" role="alert">
        {resendProblem}
      </p>
    ) : null;
  }
  return (
    <div className="notice notice-success" role="status">
      <p>
        We sent a link to <strong>{pending.to}</strong>. Your address changes when you open it.
      </p>
      <p className="small">
        The link works until <FormattedDate value={pending.expiresAt} time />. Asking again with
        another address withdraws it.
      </p>
      {resendProblem ? <p className="field-error">{resendProblem}</p> : null}
      <ResendForm label="Send the link again" />
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
  return (
    <section className="card account-section" aria-labelledby="email-heading" id="email">
      <h2 id="email-heading">E-mail address</h2>
      <p>
        You sign in and get our e-mail at <strong>{view.email}</strong>{" "}
        <span className={view.emailVerified ? "badge badge-tracked" : "badge badge-warning"}>
          {view.emailVerified ? "Verified" : "Not verified"}
        </span>
      </p>
      <PendingChange
        pending={view.pendingEmail}
        undelivered={actionData?.undelivered}
        resendProblem={resend?.undelivered ? undefined : resend?.result.error?.[""]?.[0]}
      />
      <h3>Change your e-mail address</h3>
      <AccountForm form={form} intent="email">
        <TextField
          field={fields.newEmail!}
          label="New e-mail address"
          type="email"
          autoComplete="email"
          hint="We send a link there; your address changes when you open it."
        />
        {view.hasPassword ? (
          <TextField
            field={fields.currentPassword!}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <SubmitButton pending={pending} label="Send confirmation link" pendingLabel="Sending..." />
      </AccountForm>
    </section>
  );
}
