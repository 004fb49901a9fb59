import { Form, Link } from "react-router";
import type { PlanMove } from "../../billing/plan-move";
import type { SubscriptionView } from "../../billing/status";
import type { WorkspaceBilling } from "../../dashboard/plans-tab.server";
import { longDate } from "../../billing/long-date";
import { type Translate, useLocale, useT } from "../../i18n/i18n";
import { formatPrice, PLAN_IDS, type PlanId, PLANS } from "../../plans/catalogue";

/** A step that needs a "yes" first: shown as a panel, so it works without JavaScript. */
export type PendingConfirmation =
  | {
      kind: "change";
      target: PlanId;
      action: "upgrade" | "downgrade";
      /** What an upgrade charges at once (the provider's preview), e.g. "$11.33". */
      dueNow: string | null;
    }
  | { kind: "cancel" };

/** A payment, with this site's receipt and the provider's PDF when it has one. */
export interface InvoiceRow {
  id: string;
  number: string;
  description: string;
  amount: string;
  paidAt: string;
  receipt: string;
  providerReceipt: string | null;
  pdf: string | null;
}

/** Billing dates and prices in the page's language. */
function useBillingWords() {
  const t = useT();
  const { code } = useLocale();
  return {
    t,
    date: (iso: string | null) => (iso ? longDate(iso, code) : "—"),
    perMonth: (plan: PlanId) =>
      t("pricing.price.perMonth", { price: formatPrice(PLANS[plan].priceCents, code) }),
    price: (plan: PlanId) => formatPrice(PLANS[plan].priceCents, code),
  };
}

function PlanButton({ plan, move }: { plan: PlanId; move: PlanMove }) {
  const t = useT();
  const name = PLANS[plan].name;
  if (move.kind === "checkout") {
    return (
      <Link to={`/checkout?plan=${move.plan}`} className="btn btn-primary">
        {t("billing.plans.upgradeTo", { plan: name })}
      </Link>
    );
  }
  if (move.kind === "confirm") {
    return (
      <Link
        to={`/dashboard?tab=plans&change=${plan}`}
        className={move.action === "upgrade" ? "btn btn-primary" : "btn btn-ghost"}
        preventScrollReset
      >
        {move.action === "upgrade"
          ? t("billing.plans.upgradeTo", { plan: name })
          : t("billing.plans.downgradeTo", { plan: name })}
      </Link>
    );
  }
  // Choosing the plan one has only says so (spec section 4).
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="change" />
      <input type="hidden" name="target" value={plan} />
      <button
        type="submit"
        className="btn btn-ghost"
        aria-label={t("billing.plans.currentLabel", { plan: name })}
      >
        {t("pricing.cards.current")}
      </button>
    </Form>
  );
}

function Confirmation({
  pending,
  subscription,
}: {
  pending: PendingConfirmation;
  subscription: SubscriptionView;
}) {
  const { t, date, price } = useBillingWords();
  const { title, detail, yes } = confirmationText(t, pending, subscription, {
    periodEnd: date(subscription.periodEnd),
    price: pending.kind === "change" ? price(pending.target) : "",
  });
  return (
    <div className="confirm plan-confirm" role="alertdialog" aria-labelledby="plan-confirm-title">
      <p id="plan-confirm-title">
        <strong>{title}</strong> {detail}
      </p>
      <div className="dashboard-actions">
        <Form method="post">
          {pending.kind === "cancel" ? (
            <input type="hidden" name="intent" value="cancel" />
          ) : (
            <>
              <input type="hidden" name="intent" value="change" />
              <input type="hidden" name="target" value={pending.target} />
              <input type="hidden" name="action" value={pending.action} />
            </>
          )}
          <button
            type="submit"
            className={pending.kind === "cancel" ? "btn btn-danger-solid" : "btn btn-primary"}
          >
            {yes}
          </button>
        </Form>
        <Link to="/dashboard?tab=plans" className="btn btn-ghost" preventScrollReset>
          {pending.kind === "cancel" ? t("billing.plans.keep") : t("billing.notNow")}
        </Link>
      </div>
    </div>
  );
}

/** The question a pending step asks, what it means, and its "yes" button. */
function confirmationText(
  t: Translate,
  pending: PendingConfirmation,
  subscription: SubscriptionView,
  { periodEnd, price }: { periodEnd: string; price: string },
): { title: string; detail: string; yes: string } {
  const current = PLANS[subscription.plan].name;
  if (pending.kind === "cancel") {
    return {
      title: t("billing.confirm.cancel.title"),
      detail: t("billing.confirm.cancel.detail", { plan: current, date: periodEnd }),
      yes: t("billing.plans.cancel"),
    };
  }
  const target = PLANS[pending.target].name;
  if (pending.action === "upgrade") {
    return {
      title: t("billing.confirm.upgrade.title", { plan: target }),
      detail: pending.dueNow
        ? t("billing.confirm.upgrade.dueNow", { due: pending.dueNow, price, date: periodEnd })
        : t("billing.confirm.upgrade.proRata", { price, date: periodEnd }),
      yes: t("billing.confirm.upgrade.yes", { plan: target }),
    };
  }
  if (!subscription.hasActiveSubscription) {
    return {
      title: t("billing.confirm.switch.title", { plan: target }),
      detail: t("billing.confirm.switch.detail", { plan: current }),
      yes: t("billing.confirm.switch.yes", { plan: target }),
    };
  }
  return {
    title: t("billing.confirm.downgrade.title", { plan: target }),
    detail: t("billing.confirm.downgrade.detail", { plan: current, date: periodEnd, target }),
    yes: t("billing.confirm.downgrade.yes", { plan: target }),
  };
}

function SubscriptionFacts({ subscription }: { subscription: SubscriptionView }) {
  const { t, date, perMonth } = useBillingWords();
  const plan = PLANS[subscription.plan];
  return (
    <dl className="billing-facts">
      <div>
        <dt>{t("pricing.cards.current")}</dt>
        <dd>
          <strong>{plan.name}</strong>
          {subscription.isTrialActive ? (
            <span className="badge">
              {t("billing.plans.trialBadge", { count: subscription.trialDaysLeft })}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t("billing.plans.price")}</dt>
        <dd>{plan.priceCents ? perMonth(plan.id) : t("billing.plans.free")}</dd>
      </div>
      {subscription.isTrialActive && !subscription.hasActiveSubscription ? (
        <div>
          <dt>{t("billing.plans.trialEnds")}</dt>
          <dd>{date(subscription.trialEndDate)}</dd>
        </div>
      ) : null}
      {subscription.hasActiveSubscription ? (
        <div>
          <dt>
            {subscription.cancelAtPeriodEnd
              ? t("billing.plans.endsOn")
              : t("billing.plans.nextBilling")}
          </dt>
          <dd>{date(subscription.periodEnd)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Someone else's workspace: its plan, who pays for it, and where the person's own plan is. */
function WorkspacePlan({ workspace }: { workspace: WorkspaceBilling }) {
  const t = useT();
  return (
    <section className="plan-billing" aria-labelledby="plan-billing-heading">
      <div className="card">
        <h2 id="plan-billing-heading">{t("billing.plans.title")}</h2>
        <dl className="billing-facts">
          <div>
            <dt>{t("billing.plans.workspace")}</dt>
            <dd>
              <strong>{workspace.name}</strong>
            </dd>
          </div>
          <div>
            <dt>{t("billing.plans.workspacePlan")}</dt>
            <dd>
              <strong>{workspace.planName}</strong>
            </dd>
          </div>
          <div>
            <dt>{t("billing.plans.paidBy")}</dt>
            <dd>{t("billing.plans.payer", { name: workspace.payer })}</dd>
          </div>
        </dl>
        <p>
          {t("billing.plans.workspaceNote", { plan: workspace.planName, role: workspace.role })}
        </p>
        <form method="post" action="/workspace/switch" className="inline-form">
          <input type="hidden" name="workspace" value={workspace.personalWorkspaceId} />
          <input type="hidden" name="redirect" value="/dashboard?tab=plans" />
          <p className="muted small">
            {t("billing.plans.ownPlan", { plan: workspace.ownPlanName })}{" "}
            <button type="submit" className="btn btn-ghost">
              {t("billing.plans.manageOwn")}
            </button>
          </p>
        </form>
      </div>
    </section>
  );
}

function Invoices({ invoices }: { invoices: InvoiceRow[] }) {
  const { t, date } = useBillingWords();
  return (
    <section className="card" aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">{t("billing.invoices.title")}</h2>
      {invoices.length === 0 ? (
        <p className="muted">{t("billing.invoices.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="invoice-table">
            <thead>
              <tr>
                <th scope="col">{t("billing.invoices.date")}</th>
                <th scope="col">{t("billing.invoices.number")}</th>
                <th scope="col">{t("billing.receipt.for")}</th>
                <th scope="col">{t("billing.invoices.amount")}</th>
                <th scope="col">{t("billing.invoices.receipt")}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{date(invoice.paidAt)}</td>
                  <td className="mono">{invoice.number}</td>
                  <td>{invoice.description}</td>
                  <td>{invoice.amount}</td>
                  <td>
                    <Link to={invoice.receipt}>
                      {t("billing.invoices.receipt")}
                      <span className="sr-only"> {invoice.number}</span>
                    </Link>
                    {invoice.pdf ? (
                      <>
                        {" · "}
                        <a href={invoice.pdf}>
                          PDF
                          <span className="sr-only">
                            {" "}
                            {t("billing.invoices.pdfOf", { number: invoice.number })}
                          </span>
                        </a>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function PlanBilling({
  subscription,
  moves,
  pending,
  testMode,
  invoices,
  workspace,
}: {
  subscription: SubscriptionView;
  moves: Record<PlanId, PlanMove>;
  pending: PendingConfirmation | null;
  testMode: boolean;
  invoices: InvoiceRow[];
  workspace: WorkspaceBilling | null;
}) {
  const { t, date, perMonth, price } = useBillingWords();
  if (workspace) return <WorkspacePlan workspace={workspace} />;
  return (
    <section className="plan-billing" aria-labelledby="plan-billing-heading">
      <div className="card">
        <h2 id="plan-billing-heading">
          {t("billing.plans.title")}{" "}
          {testMode ? <span className="badge badge-test">{t("billing.testMode")}</span> : null}
        </h2>
        <SubscriptionFacts subscription={subscription} />
        {subscription.cancelAtPeriodEnd ? (
          <p className="notice notice-warning" role="note">
            {t("billing.plans.cancelled", { date: date(subscription.periodEnd) })}
          </p>
        ) : null}
        {subscription.scheduledPlan ? (
          <p className="notice notice-warning" role="note">
            {t("billing.plans.scheduled", {
              plan: PLANS[subscription.scheduledPlan].name,
              date: date(subscription.periodEnd),
            })}
          </p>
        ) : null}
        {pending ? <Confirmation pending={pending} subscription={subscription} /> : null}
      </div>
      <ul className="plan-choices">
        {PLAN_IDS.map((plan) => (
          <li
            key={plan}
            className={`card plan-choice${plan === subscription.plan ? " is-current" : ""}`}
          >
            <h3>{PLANS[plan].name}</h3>
            <p className="plan-choice-price">
              {PLANS[plan].priceCents ? perMonth(plan) : price(plan)}
            </p>
            <PlanButton plan={plan} move={moves[plan]} />
          </li>
        ))}
      </ul>
      {subscription.hasActiveSubscription && !subscription.cancelAtPeriodEnd ? (
        <p>
          <Link
            to="/dashboard?tab=plans&cancel=1"
            className="btn btn-ghost btn-danger"
            preventScrollReset
          >
            {t("billing.plans.cancel")}
          </Link>
        </p>
      ) : null}
      <Invoices invoices={invoices} />
    </section>
  );
}
