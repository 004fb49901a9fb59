-- Issue #29 item 5. Every payment as the payment provider reported it (Stripe's invoice.paid /
-- invoice.payment_succeeded, or the simulator's charge), for Plan & Billing's list of invoices
-- with their receipts and for the receipt e-mail, sent once per invoice. The id is the
-- provider's, so that a redelivered event finds its row and sends nothing again.
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  number TEXT NOT NULL,
  description TEXT NOT NULL,
  amount_paid INTEGER NOT NULL,
  currency TEXT NOT NULL,
  receipt_url TEXT,
  pdf_url TEXT,
  paid_at INTEGER NOT NULL
);

CREATE INDEX invoices_by_user ON invoices (user_id, paid_at);
