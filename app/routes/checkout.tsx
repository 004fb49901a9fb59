import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Link, redirect, type RouterContextProvider } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { getUser, requireUser } from "../auth/user.server";
import { ACTIVE_SUBSCRIPTION_MESSAGE, checkoutRequest } from "../billing/checkout.server";
import { getPaymentProvider } from "../billing/payments.server";
import { PaymentError } from "../billing/provider.server";
import { PAYMENTS_UNAVAILABLE } from "../billing/responses.server";
import { getPaymentSettings, PaymentsNotConfiguredError } from "../billing/settings.server";
import { SimulatedProvider } from "../billing/simulated.server";
import { isPaidPlanId, type PaidPlanId } from "../billing/subscription";
import { testCardSchema } from "../billing/test-card";
import { StripeCheckout } from "../components/billing/stripe-checkout";
import { TestCardForm } from "../components/billing/test-card-form";
import { useHydrated } from "../components/use-hydrated";
import { useToast } from "../components/toast";
import { createDatabase } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { longDate } from "../billing/long-date";
import { pageMessage } from "../billing/page-message";
import { usePlanWords } from "../components/pricing/plan-words";
import { useLocale, useLocalePath, useT } from "../i18n/i18n";
import { getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { formatPrice, PLANS } from "../plans/catalogue";
import { hasActiveSubscription } from "../plans/effective";
import { planFeatures } from "../plans/features";
import { pageMeta } from "../seo";
import type { Route } from "./+types/checkout";
import { appOrigin } from "../config/app-url.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

function requestedPlan(request: Request): PaidPlanId {
  const plan = new URL(request.url).searchParams.get("plan");
  if (!isPaidPlanId(plan)) throw redirect("/pricing");
  return plan;
}

/** Who may pay for `plan`: signed in (else sign up and come back), with nothing paid already. */
async function checkoutUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: UserRecord | null,
  plan: PaidPlanId,
) {
  if (!user) {
    const back = encodeURIComponent(`/checkout?plan=${plan}`);
    throw redirect(`/auth?mode=signup&plan=${plan}&redirect=${back}`);
  }
  if (hasActiveSubscription(user)) {
    const t = await getT(context);
    throw await redirectWithToast(request, "/dashboard?tab=plans", {
      title: t("billing.toast.activeSubscription"),
      description: pageMessage(t, ACTIVE_SUBSCRIPTION_MESSAGE),
      variant: "error",
    });
  }
  return user;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const plan = requestedPlan(request);
  const user = await checkoutUser(request, context, await getUser(context), plan);
  const checkout = checkoutRequest(user, plan, appOrigin());
  const summary = { plan, trialEnd: checkout.trialEnd?.toISOString() ?? null };
  try {
    const settings = getPaymentSettings();
    const provider = getPaymentProvider(createDatabase());
    return data(
      {
        ...summary,
        provider: provider.name,
        publishableKey:
          settings.provider === "stripe" ? settings.stripe.STRIPE_PUBLISHABLE_KEY : null,
        // The simulator's form carries its secret. Stripe's subscription is created only when
        // the browser asks (POST /api/create-subscription) or the no-JS form is sent.
        clientSecret:
          provider instanceof SimulatedProvider
            ? (await provider.createSubscription(checkout)).clientSecret
            : null,
        setupError: null,
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    if (!(error instanceof PaymentsNotConfiguredError)) throw error;
    return data(
      {
        ...summary,
        provider: null,
        publishableKey: null,
        clientSecret: null,
        setupError: PAYMENTS_UNAVAILABLE,
      },
      { status: 503, headers: NO_STORE },
    );
  }
}

/**
 * The provider's refusal. Not reaching its payment page is the spec's "Payment Setup Error"
 * (section 8), as with JavaScript; a refused card is a failed payment.
 */
function paymentProblem(message: string, status: number, hosted: boolean) {
  return data(
    {
      result: undefined,
      paymentError: hosted ? null : message,
      setupError: hosted ? message : null,
    },
    status,
  );
}

/**
 * Without JavaScript: "pay" takes the simulator's test card; "hosted" sends the browser to the
 * provider's own payment page (Stripe Checkout). Success lands on /payment-success.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const plan = requestedPlan(request);
  const user = await checkoutUser(request, context, await requireUser(request, context), plan);
  const form = await request.formData();
  const origin = appOrigin();
  const hosted = form.get("intent") === "hosted";
  try {
    const provider = getPaymentProvider(createDatabase());
    if (hosted) {
      const url = await provider.hostedCheckoutUrl(checkoutRequest(user, plan, origin));
      return redirect(url ?? `/checkout?plan=${plan}`, 303);
    }
    if (!(provider instanceof SimulatedProvider)) {
      return paymentProblem("Use the payment form to pay.", 400, false);
    }
    const submission = parseWithZod(form, { schema: testCardSchema() });
    if (submission.status !== "success") {
      return data(
        {
          result: submission.reply({ hideFields: ["cardNumber", "cvc"] }),
          paymentError: null,
          setupError: null,
        },
        400,
      );
    }
    await provider.confirm(
      user,
      String(form.get("clientSecret") ?? ""),
      submission.value.cardNumber,
    );
  } catch (error) {
    if (error instanceof PaymentsNotConfiguredError) {
      return paymentProblem(PAYMENTS_UNAVAILABLE, 503, hosted);
    }
    if (!(error instanceof PaymentError)) throw error;
    return paymentProblem(error.message, error.status, hosted);
  }
  const t = await getT(context);
  return redirectWithToast(request, `/payment-success?plan=${plan}`, {
    title: t("billing.paymentSuccess.title"),
    description: t("billing.toast.welcome", { plan: PLANS[plan].name }),
    variant: "success",
  });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("billing.checkout.meta.title"), t("billing.checkout.meta.description"));
};

function PaymentFailedToast({ message }: { message: string | null | undefined }) {
  const toast = useToast();
  const t = useT();
  useEffect(() => {
    if (message)
      toast({ title: t("billing.paymentFailed"), description: message, variant: "error" });
  }, [message, toast, t]);
  return null;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, trialEnd, provider, publishableKey, clientSecret } = loaderData;
  const setupError = actionData?.setupError ?? loaderData.setupError;
  const hydrated = useHydrated();
  const t = useT();
  const localePath = useLocalePath();
  const { code } = useLocale();
  const { text } = usePlanWords();
  const details = PLANS[plan];
  const price = formatPrice(details.priceCents, code);
  const paymentError = actionData?.paymentError ? pageMessage(t, actionData.paymentError) : null;
  return (
    <section className="container checkout">
      <h1>{t("billing.checkout.title")}</h1>
      <div className="checkout-grid">
        <div className="card checkout-summary">
          <h2>
            {details.name} {t("pricing.price.perMonth", { price })}
          </h2>
          <ul className="feature-list">
            {planFeatures(plan).map((line) => (
              <li key={line.id}>{text(line)}</li>
            ))}
          </ul>
          {trialEnd ? (
            <p className="notice notice-success" role="note">
              {t("billing.checkout.trialContinues", { price, date: longDate(trialEnd, code) })}
            </p>
          ) : (
            <p className="muted">{t("billing.checkout.today", { price })}</p>
          )}
        </div>
        <div className="card checkout-payment">
          <h2>{t("billing.checkout.payment")}</h2>
          {setupError ? (
            <div className="notice notice-warning" role="alert">
              <strong>{t("billing.paymentSetupError")}</strong> {pageMessage(t, setupError)}{" "}
              <Link to={localePath("/pricing")}>{t("billing.checkout.backToPricing")}</Link>
            </div>
          ) : null}
          {paymentError ? (
            <div className="notice notice-error" role="alert">
              <strong>{t("billing.paymentFailed")}</strong> {paymentError}
            </div>
          ) : null}
          <PaymentFailedToast message={paymentError} />
          {provider === "simulated" && clientSecret ? (
            <TestCardForm clientSecret={clientSecret} lastResult={actionData?.result} />
          ) : null}
          {provider === "stripe" && hydrated && publishableKey ? (
            <StripeCheckout plan={plan} publishableKey={publishableKey} />
          ) : null}
          {provider === "stripe" && !hydrated ? (
            <form method="post">
              <input type="hidden" name="intent" value="hosted" />
              <button type="submit" className="btn btn-primary btn-block">
                {t("billing.checkout.continue")}
              </button>
            </form>
          ) : null}
          <p className="muted small">
            {provider === "simulated"
              ? t("billing.checkout.simulated")
              : t("billing.checkout.stripe")}{" "}
            {t("billing.checkout.cancelAnytime")}
          </p>
        </div>
      </div>
    </section>
  );
}
