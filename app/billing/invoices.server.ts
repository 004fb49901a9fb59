import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { invoices, type InvoiceRecord, users } from "../db/schema";
import { appOrigin } from "../config/app-url.server";
import { keepTogether } from "../plans/catalogue";
import { sendMail } from "../mail/mailer.server";
import { receiptMessage, recipientLocale } from "../mail/templates";

// Payments as the provider reported them (issue #29 item 5): Stripe's invoice.paid and
// invoice.payment_succeeded, or the simulator's charges. Each invoice is recorded once, by the
// provider's id, and its receipt e-mailed once: the two Stripe events for one payment, or a
// redelivered one, find the row and send nothing again. A mail failure never undoes the record.

export interface Payment {
  id: string;
  userId: string;
  number: string;
  description: string;
  amountPaid: number;
  currency: string;
  receiptUrl: string | null;
  pdfUrl: string | null;
  paidAt: Date;
}

/** "$15.00": an amount paid, with its cents, written the way `locale` writes money. */
export const formatAmount = (cents: number, currency: string, locale = "en") =>
  keepTogether(
    new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(
      cents / 100,
    ),
    locale,
  );

/** An amount as a receipt e-mail writes it: Intl in the recipient's language (English unchanged). */
function mailAmount(cents: number, currency: string, language: string | null): string {
  return formatAmount(cents, currency, recipientLocale(language).code);
}

/** This site's receipt page for an invoice (the provider's own, when it has one, is linked too). */
export const receiptPath = (id: string) => `/receipts/${encodeURIComponent(id)}`;

export async function recordPayment(db: Database, payment: Payment): Promise<boolean> {
  if (payment.amountPaid <= 0) return false;
  const [inserted] = await db.insert(invoices).values(payment).onConflictDoNothing().returning();
  if (!inserted) return false;
  const user = await db.select().from(users).where(eq(users.id, payment.userId)).get();
  if (user) {
    await sendMail(
      receiptMessage({
        locale: recipientLocale(user.language),
        to: user.email,
        firstName: user.firstName,
        number: payment.number,
        description: payment.description,
        amount: mailAmount(payment.amountPaid, payment.currency, user.language),
        paidOn: payment.paidAt,
        link: `${appOrigin()}${receiptPath(payment.id)}`,
      }),
    );
  }
  return true;
}

export function invoicesOf(db: Database, userId: string, limit = 24): Promise<InvoiceRecord[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.paidAt))
    .limit(limit)
    .all();
}

export function invoiceOf(db: Database, userId: string, id: string) {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)))
    .get();
}
