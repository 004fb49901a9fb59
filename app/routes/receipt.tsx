import { data, Link } from "react-router";
import { requireUser } from "../auth/user.server";
import { formatAmount, invoiceOf } from "../billing/invoices.server";
import { createDatabase } from "../db/client.server";
import { pageMeta } from "../seo";
import type { Route } from "./+types/receipt";

// The receipt of one payment (issue #29 item 5), for its payer only; linked from Plan & Billing
// and from the receipt e-mail. Stripe's own receipt page and PDF are linked when it has them.

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const invoice = await invoiceOf(createDatabase(), user.id, params.id);
  if (!invoice) throw data("Receipt not found", { status: 404 });
  return data(
    {
      number: invoice.number,
      description: invoice.description,
      amount: formatAmount(invoice.amountPaid, invoice.currency),
      paidOn: dateFormat.format(invoice.paidAt),
      email: user.email,
      providerReceipt: invoice.receiptUrl,
      pdf: invoice.pdfUrl,
      testMode: invoice.id.startsWith("sim_"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta = () => pageMeta("Receipt", "The receipt of a payment for QR Code Creator.");

export default function Receipt({ loaderData: receipt }: Route.ComponentProps) {
  return (
    <section className="container narrow">
      <div className="card">
        <h1>
          Receipt {receipt.number}{" "}
          {receipt.testMode ? <span className="badge badge-test">TEST MODE</span> : null}
        </h1>
        <dl className="billing-facts">
          <div>
            <dt>Paid on</dt>
            <dd>{receipt.paidOn}</dd>
          </div>
          <div>
            <dt>Amount paid</dt>
            <dd>
              <strong>{receipt.amount}</strong>
            </dd>
          </div>
          <div>
            <dt>For</dt>
            <dd>{receipt.description}</dd>
          </div>
          <div>
            <dt>Billed to</dt>
            <dd>{receipt.email}</dd>
          </div>
        </dl>
        <p>
          {receipt.providerReceipt ? (
            <>
              <a href={receipt.providerReceipt}>Stripe&rsquo;s receipt</a>
              {" · "}
            </>
          ) : null}
          {receipt.pdf ? (
            <>
              <a href={receipt.pdf}>Download the PDF</a>
              {" · "}
            </>
          ) : null}
          <Link to="/dashboard?tab=plans">Back to Plan &amp; Billing</Link>
        </p>
      </div>
    </section>
  );
}
