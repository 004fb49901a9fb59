import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { DECLINING_TEST_CARDS, TEST_CARD_SUCCESS, testCardSchema } from "../../billing/test-card";
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
        <span className="badge badge-test">TEST MODE</span> No real card is charged. Pay with{" "}
        <code>{TEST_CARD_SUCCESS}</code>, any future date and any CVC; <code>{declining}</code> is
        declined.
      </p>
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="clientSecret" value={clientSecret} />
      <div className="field">
        <label htmlFor={fields.cardNumber.id}>Card number</label>
        <input
          {...input(fields.cardNumber)}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
        />
        <FieldError id={`${fields.cardNumber.id}-error`} errors={fields.cardNumber.errors} />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={fields.expiry.id}>Expiry (MM/YY)</label>
          <input {...input(fields.expiry)} autoComplete="cc-exp" placeholder="MM/YY" />
          <FieldError id={`${fields.expiry.id}-error`} errors={fields.expiry.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.cvc.id}>CVC</label>
          <input
            {...input(fields.cvc)}
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="123"
          />
          <FieldError id={`${fields.cvc.id}-error`} errors={fields.cvc.errors} />
        </div>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? "Processing..." : "Complete Payment"}
      </button>
    </Form>
  );
}
