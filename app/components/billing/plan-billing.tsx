import { Form, Link } from "react-router";
import type { PlanMove } from "../../billing/plan-move";
import type { SubscriptionView } from "../../billing/status";
import type { WorkspaceBilling } from "../../dashboard/plans-tab.server";
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

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : "—");
const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

function PlanButton({ plan, move }: { plan: PlanId; move: PlanMove }) {
  const name = PLANS[plan].name;
  if (move.kind === "checkout") {
    return (
      <Link to={`/checkout?plan=${move.plan}`} className="btn btn-primary">
        Upgrade to {name}
      </Link>
    );
  }
  if (move.kind === "confirm") {
    const label = move.action === "upgrade" ? "Upgrade" : "Downgrade";
    return (
      <Link
        to={`/dashboard?tab=plans&change=${plan}`}
        className={move.action === "upgrade" ? "btn btn-primary" : "btn btn-ghost"}
        preventScrollReset
      >
        {label} to {name}
      </Link>
    );
  }
  // Choosing the plan one has only says so (spec section 4).
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="change" />
      <input type="hidden" name="target" value={plan} />
      <button type="submit" className="btn btn-ghost" aria-label={`${name} is your current plan`}>
        Current plan
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
  const current = PLANS[subscription.plan].name;
  const periodEnd = formatDate(subscription.periodEnd);
  let title: string;
  let detail: string;
  if (pending.kind === "cancel") {
    title = "Cancel your subscription?";
    detail = `You keep ${current} until ${periodEnd}; after that you are on the Free plan and nothing more is charged.`;
  } else if (pending.action === "upgrade") {
    title = `Upgrade to ${PLANS[pending.target].name}?`;
    const then = `then ${formatPrice(PLANS[pending.target].priceCents)} a month from ${periodEnd}`;
    detail = pending.dueNow
      ? `It starts now. You pay ${pending.dueNow} now, the difference for the rest of this period, ${then}.`
      : `It starts now. The difference for the rest of this period is charged pro rata, ${then}.`;
  } else if (!subscription.hasActiveSubscription) {
    title = `Switch to ${PLANS[pending.target].name}?`;
    detail = `Your ${current} trial ends now.`;
  } else {
    title = `Downgrade to ${PLANS[pending.target].name}?`;
    detail = `You keep ${current} until ${periodEnd}, then move to ${PLANS[pending.target].name}.`;
  }
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
            {pending.kind === "cancel" ? "Cancel Subscription" : `Yes, ${title.replace("?", "")}`}
          </button>
        </Form>
        <Link to="/dashboard?tab=plans" className="btn btn-ghost" preventScrollReset>
          {pending.kind === "cancel" ? "Keep my plan" : "Not now"}
        </Link>
      </div>
    </div>
  );
}

function SubscriptionFacts({ subscription }: { subscription: SubscriptionView }) {
  const plan = PLANS[subscription.plan];
  return (
    <dl className="billing-facts">
      <div>
        <dt>Current plan</dt>
        <dd>
          <strong>{plan.name}</strong>
          {subscription.isTrialActive ? (
            <span className="badge">Trial · {days(subscription.trialDaysLeft)} left</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Price</dt>
        <dd>{plan.priceCents ? `${formatPrice(plan.priceCents)}/month` : "Free"}</dd>
      </div>
      {subscription.isTrialActive && !subscription.hasActiveSubscription ? (
        <div>
          <dt>Trial ends</dt>
          <dd>{formatDate(subscription.trialEndDate)}</dd>
        </div>
      ) : null}
      {subscription.hasActiveSubscription ? (
        <div>
          <dt>{subscription.cancelAtPeriodEnd ? "Ends on" : "Next billing date"}</dt>
          <dd>{formatDate(subscription.periodEnd)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Someone else's workspace: its plan, who pays for it, and where the person's own plan is. */
function WorkspacePlan({ workspace }: { workspace: WorkspaceBilling }) {
  return (
    <section className="plan-billing" aria-labelledby="plan-billing-heading">
      <div className="card">
        <h2 id="plan-billing-heading">Plan &amp; Billing</h2>
        <dl className="billing-facts">
          <div>
            <dt>Workspace</dt>
            <dd>
              <strong>{workspace.name}</strong>
            </dd>
          </div>
          <div>
            <dt>Workspace plan</dt>
            <dd>
              <strong>{workspace.planName}</strong>
            </dd>
          </div>
          <div>
            <dt>Paid for by</dt>
            <dd>{workspace.payer} (owner)</dd>
          </div>
        </dl>
        <p>
          Everyone in this workspace works with its {workspace.planName} plan; only its owner can
          change it. You are {workspace.role} here.
        </p>
        <form method="post" action="/workspace/switch" className="inline-form">
          <input type="hidden" name="workspace" value={workspace.personalWorkspaceId} />
          <input type="hidden" name="redirect" value="/dashboard?tab=plans" />
          <p className="muted small">
            Your own account is on the {workspace.ownPlanName} plan, which applies in your personal
            workspace.{" "}
            <button type="submit" className="btn btn-ghost">
              Manage your own plan
            </button>
          </p>
        </form>
      </div>
    </section>
  );
}

function Invoices({ invoices }: { invoices: InvoiceRow[] }) {
  return (
    <section className="card" aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">Invoices and receipts</h2>
      {invoices.length === 0 ? (
        <p className="muted">No payments yet. Each payment is listed here, with its receipt.</p>
      ) : (
        <div className="table-scroll">
          <table className="invoice-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Number</th>
                <th scope="col">For</th>
                <th scope="col">Amount</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{formatDate(invoice.paidAt)}</td>
                  <td className="mono">{invoice.number}</td>
                  <td>{invoice.description}</td>
                  <td>{invoice.amount}</td>
                  <td>
                    <Link to={invoice.receipt}>
                      Receipt<span className="sr-only"> {invoice.number}</span>
                    </Link>
                    {invoice.pdf ? (
                      <>
                        {" · "}
                        <a href={invoice.pdf}>
                          PDF<span className="sr-only"> of {invoice.number}</span>
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
  if (workspace) return <WorkspacePlan workspace={workspace} />;
  return (
    <section className="plan-billing" aria-labelledby="plan-billing-heading">
      <div className="card">
        <h2 id="plan-billing-heading">
          Plan &amp; Billing {testMode ? <span className="badge badge-test">TEST MODE</span> : null}
        </h2>
        <SubscriptionFacts subscription={subscription} />
        {subscription.cancelAtPeriodEnd ? (
          <p className="notice notice-warning" role="note">
            Your subscription is cancelled and ends on {formatDate(subscription.periodEnd)}.
          </p>
        ) : null}
        {subscription.scheduledPlan ? (
          <p className="notice notice-warning" role="note">
            Downgrade scheduled: you move to {PLANS[subscription.scheduledPlan].name} on{" "}
            {formatDate(subscription.periodEnd)}.
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
              {PLANS[plan].priceCents ? `${formatPrice(PLANS[plan].priceCents)}/month` : "$0"}
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
            Cancel Subscription
          </Link>
        </p>
      ) : null}
      <Invoices invoices={invoices} />
    </section>
  );
}
