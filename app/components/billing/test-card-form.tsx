import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { DECLINING_TEST_CARDS, TEST_CARD_SUCCESS, testCardSchema } from "../../billing/test-card";
import { Trans, useT } from "../../i18n/i18n";
import { FieldError } from "../field-error";

/**
 * The simulated provider's card form (ARCHITECTURE.md decision 5): a plain form that posts to
 * /checkout, so it works without JavaScript; with it, fields are checked before sending.
 */
export function TestCardForm({
  clientSecret,
  lastResult,
}: {
  clientSecret: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "test-card-form",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: testCardSchema() }),
  });
  const t = useT();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  const input = (field: (typeof fields)["cardNumber"]) => ({
    ...getInputProps(field, { type: "text" }),
    "aria-describedby": field.errors?.length ? `${field.id}-error` : undefined,
    key: field.key,
  });
  const declining = Object.keys(DECLINING_TEST_CARDS)[0]!.replace(/(\d{4})(?=\d)/g, "$1 ");
  return (
    <Form method="post" className="payment-form" {...getFormProps(form)} noValidate>
      <p className="notice notice-warning test-mode-note" role="note">
        <span className="badge badge-test">{t("billing.testMode")}</span>{" "}
        <Trans
          id="billing.testCard.note"
          values={{ success: TEST_CARD_SUCCESS, declining }}
          components={{ 0: <code dir="ltr" />, 1: <code dir="ltr" /> }}
        />
      </p>
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="clientSecret" value={clientSecret} />
      <div className="field">
        <label htmlFor={fields.cardNumber.id}>{t("billing.testCard.number")}</label>
        <input
          {...input(fields.cardNumber)}
          autoComplete="cc-number"
          dir="ltr"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
        />
        <FieldError id={`${fields.cardNumber.id}-error`} errors={fields.cardNumber.errors} />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={fields.expiry.id}>{t("billing.testCard.expiry")}</label>
          <input
            {...input(fields.expiry)}
            autoComplete="cc-exp"
            dir="ltr"
            placeholder={t("billing.testCard.expiryPlaceholder")}
          />
          <FieldError id={`${fields.expiry.id}-error`} errors={fields.expiry.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.cvc.id}>{t("billing.testCard.cvc")}</label>
          <input
            {...input(fields.cvc)}
            autoComplete="cc-csc"
            dir="ltr"
            inputMode="numeric"
            placeholder="123"
          />
          <FieldError id={`${fields.cvc.id}-error`} errors={fields.cvc.errors} />
        </div>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? t("billing.processing") : t("billing.completePayment")}
      </button>
    </Form>
  );
}
