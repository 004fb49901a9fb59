import { data, Link } from "react-router";
import { requireUser } from "../auth/user.server";
import { formatAmount, invoiceOf } from "../billing/invoices.server";
import { longDate } from "../billing/long-date";
import { createDatabase } from "../db/client.server";
import { useT } from "../i18n/i18n";
import { getLocale, getT } from "../i18n/locale.server";
import { metaT } from "../i18n/meta";
import { pageMeta } from "../seo";
import type { Route } from "./+types/receipt";

// The receipt of one payment (issue #29 item 5), for its payer only; linked from Plan & Billing
// and from the receipt e-mail. Stripe's own receipt page and PDF are linked when it has them.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const invoice = await invoiceOf(createDatabase(), user.id, params.id);
  if (!invoice) throw data((await getT(context))("billing.receipt.notFound"), { status: 404 });
  const { code } = await getLocale(context);
  return data(
    {
      number: invoice.number,
      description: invoice.description,
      amount: formatAmount(invoice.amountPaid, invoice.currency, code),
      paidOn: longDate(invoice.paidAt, code),
      email: user.email,
      providerReceipt: invoice.receiptUrl,
      pdf: invoice.pdfUrl,
      testMode: invoice.id.startsWith("sim_"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta(t("billing.receipt.meta.title"), t("billing.receipt.meta.description"));
};

export default function Receipt({ loaderData: receipt }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="container narrow">
      <div className="card">
        <h1>
          {t("billing.receipt.title", { number: receipt.number })}{" "}
          {receipt.testMode ? (
            <span className="badge badge-test">{t("billing.testMode")}</span>
          ) : null}
        </h1>
        <dl className="billing-facts">
          <div>
            <dt>{t("billing.receipt.paidOn")}</dt>
            <dd>{receipt.paidOn}</dd>
          </div>
          <div>
            <dt>{t("billing.receipt.amount")}</dt>
            <dd>
              <strong>{receipt.amount}</strong>
            </dd>
          </div>
          <div>
            <dt>{t("billing.receipt.for")}</dt>
            <dd>{receipt.description}</dd>
          </div>
          <div>
            <dt>{t("billing.receipt.billedTo")}</dt>
            <dd>{receipt.email}</dd>
          </div>
        </dl>
        <p>
          {receipt.providerReceipt ? (
            <>
              <a href={receipt.providerReceipt}>{t("billing.receipt.stripe")}</a>
              {" · "}
            </>
          ) : null}
          {receipt.pdf ? (
            <>
              <a href={receipt.pdf}>{t("billing.receipt.pdf")}</a>
              {" · "}
            </>
          ) : null}
          <Link to="/dashboard?tab=plans">{t("billing.receipt.back")}</Link>
        </p>
      </div>
    </section>
  );
}
