import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
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
async function checkoutUser(request: Request, user: UserRecord | null, plan: PaidPlanId) {
  if (!user) {
    const back = encodeURIComponent(`/checkout?plan=${plan}`);
    throw redirect(`/auth?mode=signup&plan=${plan}&redirect=${back}`);
  }
  if (hasActiveSubscription(user)) {
    throw await redirectWithToast(request, "/dashboard?tab=plans", {
      title: "Active Subscription",
      description: ACTIVE_SUBSCRIPTION_MESSAGE,
      variant: "error",
    });
  }
  return user;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const plan = requestedPlan(request);
  const user = await checkoutUser(request, await getUser(context), plan);
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
  const user = await checkoutUser(request, await requireUser(request, context), plan);
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
  return redirectWithToast(request, `/payment-success?plan=${plan}`, {
    title: "Payment Successful",
    description: `Welcome to ${PLANS[plan].name}.`,
    variant: "success",
  });
}

export const meta = () => pageMeta("Checkout", "Subscribe to QR Code Creator Premium or Ultimate.");

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

function PaymentFailedToast({ message }: { message: string | null | undefined }) {
  const toast = useToast();
  useEffect(() => {
    if (message) toast({ title: "Payment Failed", description: message, variant: "error" });
  }, [message, toast]);
  return null;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, trialEnd, provider, publishableKey, clientSecret } = loaderData;
  const setupError = actionData?.setupError ?? loaderData.setupError;
  const hydrated = useHydrated();
  const details = PLANS[plan];
  return (
    <section className="container checkout">
      <h1>Checkout</h1>
      <div className="checkout-grid">
        <div className="card checkout-summary">
          <h2>
            {details.name} {formatPrice(details.priceCents)}/month
          </h2>
          <ul className="feature-list">
            {planFeatures(plan).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {trialEnd ? (
            <p className="notice notice-success" role="note">
              Your free trial continues: the first charge of {formatPrice(details.priceCents)} is on{" "}
              {dateFormat.format(new Date(trialEnd))}.
            </p>
          ) : (
            <p className="muted">
              {formatPrice(details.priceCents)} today, then every month. Cancel anytime.
            </p>
          )}
        </div>
        <div className="card checkout-payment">
          <h2>Payment</h2>
          {setupError ? (
            <div className="notice notice-warning" role="alert">
              <strong>Payment Setup Error</strong> {setupError}{" "}
              <Link to="/pricing">Back to pricing</Link>
            </div>
          ) : null}
          {actionData?.paymentError ? (
            <div className="notice notice-error" role="alert">
              <strong>Payment Failed</strong> {actionData.paymentError}
            </div>
          ) : null}
          <PaymentFailedToast message={actionData?.paymentError} />
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
                Continue to secure payment
              </button>
            </form>
          ) : null}
          <p className="muted small">
            {provider === "simulated"
              ? "Test mode: payments are simulated on this site and no card is charged. "
              : "Payment is processed securely by our card payment provider, Stripe; your card details never reach our servers. "}
            You can cancel anytime from your dashboard.
          </p>
        </div>
      </div>
    </section>
  );
}
