import {
  loadStripe,
  type Stripe,
  type StripeElementLocale,
  type StripeElements,
} from "@stripe/stripe-js";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocale, useT } from "../../i18n/i18n";

// Stripe's Payment Element for /checkout (ARCHITECTURE.md decision 5), with plain Stripe.js.
// The card details go from Stripe's frame straight to Stripe; this page only ever holds the
// client secret of the subscription's first payment (or, after a trial, of saving the card).

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  /** "payment" confirms the first invoice; "setup" saves the card for after a trial. */
  intent: "payment" | "setup";
  /** Where Stripe sends the browser once the payment is confirmed (/payment-success?plan=). */
  returnUrl: string;
}

/** Stripe.js names Brazilian Portuguese and Simplified Chinese as "pt-BR" and "zh". */
function stripeLocale(code: string): StripeElementLocale {
  return (code === "zh-CN" ? "zh" : code) as StripeElementLocale;
}

interface Loaded {
  stripe: Stripe;
  elements: StripeElements;
}

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <div className="notice notice-error" role="alert">
      <strong>{title}</strong>
      <p>{message}</p>
    </div>
  );
}

export function StripePaymentForm({
  publishableKey,
  clientSecret,
  intent,
  returnUrl,
}: StripePaymentFormProps) {
  const t = useT();
  const { code } = useLocale();
  const fallbackFailure = t("billing.stripe.failed");
  const mountPoint = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [setupFailed, setSetupFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    // Stripe's own field labels and messages follow the page's language too.
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe || !mountPoint.current) throw new Error("Stripe.js did not load");
        const elements = stripe.elements({ clientSecret, locale: stripeLocale(code) });
        const paymentElement = elements.create("payment");
        paymentElement.mount(mountPoint.current);
        destroy = () => paymentElement.destroy();
        setLoaded({ stripe, elements });
      })
      .catch(() => {
        if (!cancelled) setSetupFailed(true);
      });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [publishableKey, clientSecret, code]);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!loaded || pending) return;
    setPending(true);
    setFailure(null);
    const options = { elements: loaded.elements, confirmParams: { return_url: returnUrl } };
    try {
      // On success Stripe navigates to returnUrl; coming back here means it did not go through.
      const { error } =
        intent === "setup"
          ? await loaded.stripe.confirmSetup(options)
          : await loaded.stripe.confirmPayment(options);
      setFailure(error.message ?? fallbackFailure);
    } catch {
      setFailure(fallbackFailure);
    }
    setPending(false);
  }

  if (setupFailed) {
    return (
      <Problem
        title={t("billing.paymentSetupError")}
        message={t("billing.message.Failed to initialize payment")}
      />
    );
  }
  return (
    <form className="payment-form" onSubmit={confirm} aria-busy={pending}>
      <div ref={mountPoint} className="payment-element" />
      {failure ? <Problem title={t("billing.paymentFailed")} message={failure} /> : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={!loaded || pending}>
        {pending ? t("billing.processing") : t("billing.completePayment")}
      </button>
    </form>
  );
}
