import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { PaidPlanId } from "../../billing/subscription";
import { pageMessage } from "../../billing/page-message";
import { useT } from "../../i18n/i18n";
import { useToast } from "../toast";
import { StripePaymentForm } from "./stripe-payment-form";

type Started =
  | { state: "loading" }
  | { state: "ready"; clientSecret: string; intent: "payment" | "setup" }
  | { state: "failed"; message: string };

/** Step 1 of the checkout flow with JavaScript (spec section 4): ask for the client secret. */
async function createSubscription(plan: PaidPlanId) {
  const response = await fetch("/api/create-subscription", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ plan }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
    hasActiveSubscription?: boolean;
    clientSecret?: string;
    intent?: "payment" | "setup";
  };
  if (!response.ok) throw new Error(body.message || "Failed to initialize payment");
  return body;
}

/**
 * Stripe's Payment Element on /checkout. An existing subscription sends the user to the
 * dashboard after 1.5 s; a setup failure to /pricing (spec section 8).
 */
export function StripeCheckout({
  plan,
  publishableKey,
}: {
  plan: PaidPlanId;
  publishableKey: string;
}) {
  const [started, setStarted] = useState<Started>({ state: "loading" });
  const toast = useToast();
  const navigate = useNavigate();
  const t = useT();

  useEffect(() => {
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const later = (to: string) => timers.push(setTimeout(() => navigate(to), 1500));
    createSubscription(plan)
      .then((body) => {
        if (cancelled) return;
        if (body.hasActiveSubscription) {
          toast({
            title: t("billing.toast.activeSubscription"),
            description: body.message && pageMessage(t, body.message),
            variant: "error",
          });
          later("/dashboard?tab=plans");
        } else if (!body.clientSecret) {
          throw new Error("No client secret received");
        } else {
          setStarted({
            state: "ready",
            clientSecret: body.clientSecret,
            intent: body.intent ?? "payment",
          });
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const english = error instanceof Error ? error.message : "Failed to initialize payment";
        // The API answers in English; the page says it in its language.
        const message = pageMessage(t, english);
        setStarted({ state: "failed", message });
        if (english.includes("already have an active subscription")) {
          toast({
            title: t("billing.toast.activeSubscription"),
            description: message,
            variant: "error",
          });
          later("/dashboard?tab=plans");
        } else {
          toast({ title: t("billing.paymentSetupError"), description: message, variant: "error" });
          later("/pricing");
        }
      });
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, [plan, toast, navigate, t]);

  if (started.state === "loading") {
    return (
      <p className="muted" role="status">
        {t("billing.stripe.preparing")}
      </p>
    );
  }
  if (started.state === "failed") {
    return (
      <div className="notice notice-error" role="alert">
        <strong>{t("billing.paymentSetupError")}</strong> {started.message}
      </div>
    );
  }
  return (
    <StripePaymentForm
      publishableKey={publishableKey}
      clientSecret={started.clientSecret}
      intent={started.intent}
      returnUrl={new URL(`/payment-success?plan=${plan}`, window.location.origin).toString()}
    />
  );
}
