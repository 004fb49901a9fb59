import type { Translate } from "../i18n/locale.server";
import { say } from "../i18n/phrase";
import { pageMessage } from "../billing/page-message";
import { redirect } from "react-router";
import { redirectWithToast } from "../auth/flash.server";
import { cancelSubscription, changePlan } from "../billing/plan-actions.server";
import { ALREADY_ON_PLAN, planMove } from "../billing/plan-move";
import { formatAmount, invoicesOf, receiptPath } from "../billing/invoices.server";
import { getPaymentProvider } from "../billing/payments.server";
import { PaymentError } from "../billing/provider.server";
import { isTestMode, PaymentsNotConfiguredError } from "../billing/settings.server";
import { isPaidPlanId } from "../billing/subscription";
import { subscriptionView } from "../billing/status";
import type { PendingConfirmation } from "../components/billing/plan-billing";
import type { Database } from "../db/client.server";
import type { UserRecord } from "../db/schema";
import { isPlanId, PLAN_IDS, type PlanId, PLANS } from "../plans/catalogue";
import { effectivePlan } from "../plans/effective";
import type { Membership } from "../models/workspaces.server";
import { workspacePlan } from "../workspaces/current.server";
import { personalWorkspaceId, personName } from "../workspaces/personal";

// The Plan & Billing tab: the signed-in person's own subscription (whatever workspace they are
// in), what each plan choice does, and a step awaiting a yes.

export const PLAN_INTENTS = ["change", "cancel"] as const;

export function isPlanIntent(intent: unknown): intent is (typeof PLAN_INTENTS)[number] {
  return PLAN_INTENTS.includes(intent as (typeof PLAN_INTENTS)[number]);
}

/**
 * In someone else's workspace, its plan is its owner's (ARCHITECTURE.md decision 10): the tab
 * says which plan that is and who pays for it, rather than the person's own plan.
 */
function workspaceBilling(user: UserRecord, membership: Membership, now: Date) {
  if (membership.workspace.ownerId === user.id) return null;
  return {
    name: membership.label,
    planName: PLANS[workspacePlan(membership, now)].name,
    payer: personName(membership.owner),
    role: membership.role,
    ownPlanName: PLANS[effectivePlan(user, now)].name,
    personalWorkspaceId: personalWorkspaceId(user.id),
  };
}

export type WorkspaceBilling = NonNullable<ReturnType<typeof workspaceBilling>>;

/**
 * What an upgrade confirmed now would charge at once, from the provider's preview (issue #29
 * item 5); null when the provider cannot say just now (the page then says how it is worked out).
 */
async function upgradeDue(
  db: Database,
  user: UserRecord,
  target: PlanId,
  now: Date,
  locale: string,
) {
  if (!isPaidPlanId(target)) return null;
  try {
    const { amount, currency } = await getPaymentProvider(db).previewUpgrade(user, target, now);
    // Written the way the page's language writes money (issue #32), still in the charged currency.
    return formatAmount(amount, currency, locale);
  } catch (error) {
    if (error instanceof PaymentError || error instanceof PaymentsNotConfiguredError) return null;
    throw error;
  }
}

export async function plansTab(
  db: Database,
  user: UserRecord,
  url: URL,
  now: Date,
  membership: Membership,
  /** The page's language: amounts are written its way. */
  locale = "en",
) {
  const moves = Object.fromEntries(
    PLAN_IDS.map((plan) => [plan, planMove(user, plan, now)]),
  ) as Record<PlanId, ReturnType<typeof planMove>>;
  const subscription = subscriptionView(user, now);
  const change = url.searchParams.get("change");
  const changeMove = isPlanId(change) ? moves[change] : null;
  let pending: PendingConfirmation | null = null;
  if (changeMove?.kind === "confirm") {
    pending = {
      kind: "change",
      target: changeMove.target,
      action: changeMove.action,
      dueNow:
        changeMove.action === "upgrade" && subscription.hasActiveSubscription
          ? await upgradeDue(db, user, changeMove.target, now, locale)
          : null,
    };
  } else if (url.searchParams.get("cancel") === "1" && subscription.hasActiveSubscription) {
    pending = { kind: "cancel" };
  }
  const testMode = isTestMode();
  const invoices = (await invoicesOf(db, user.id)).map((invoice) => ({
    id: invoice.id,
    number: invoice.number,
    description: invoice.description,
    amount: formatAmount(invoice.amountPaid, invoice.currency, locale),
    paidAt: invoice.paidAt.toISOString(),
    receipt: receiptPath(invoice.id),
    providerReceipt: invoice.receiptUrl,
    pdf: invoice.pdfUrl,
  }));
  return {
    subscription,
    moves,
    pending,
    testMode,
    invoices,
    workspace: workspaceBilling(user, membership, now),
  };
}

/** A plan change or cancellation from the Plan & Billing tab, then back there with the outcome. */
export async function planAction(
  request: Request,
  user: UserRecord,
  form: FormData,
  db: Database,
  t: Translate,
  /** The page's language, for dates in the outcome. */
  locale: string,
) {
  const back = "/dashboard?tab=plans";
  const target = form.get("target");
  const move = form.get("action");
  const now = new Date();
  const result =
    form.get("intent") === "cancel"
      ? await cancelSubscription(db, user, now, locale)
      : isPlanId(target)
        ? await changePlan(
            db,
            user,
            target,
            move === "upgrade" || move === "downgrade" ? move : null,
            now,
            locale,
          )
        : { ok: false as const, status: 400, message: t("dashboard.plans.choose") };
  if (result.ok) {
    // The toast in the page's language; the JSON API answers the English one.
    const { toast, said } = result;
    return redirectWithToast(request, back, {
      ...toast,
      title: say(t, { message: toast.title, phrase: said.title }),
      description: toast.description
        ? say(t, { message: toast.description, phrase: said.description })
        : undefined,
    });
  }
  if (result.checkoutUrl) throw redirect(result.checkoutUrl, 303);
  const already = result.message === ALREADY_ON_PLAN;
  // A provider's refusal ("Your card was declined.") is one of billing's fixed messages.
  const reason = result.phrase ? say(t, result) : pageMessage(t, result.message);
  return redirectWithToast(request, back, {
    title: already ? reason : t("dashboard.plans.failed"),
    description: already ? undefined : reason,
    variant: already ? "default" : "error",
  });
}
