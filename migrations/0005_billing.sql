-- Subscriptions (spec sections 3-4). The payment provider is the source of truth; these columns
-- mirror what it last said, written only by verified webhooks (or the offline simulator).
-- current_period_end: the next billing date, milliseconds since the epoch.
-- scheduled_plan: a downgrade that takes effect at current_period_end.
-- billing_synced_at: when the mirrored state was read from the provider; an older reading never
-- overwrites a newer one, so events that arrive out of order cannot regress the state.
ALTER TABLE users ADD COLUMN current_period_end INTEGER;
ALTER TABLE users ADD COLUMN cancel_at_period_end INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN scheduled_plan TEXT;
ALTER TABLE users ADD COLUMN billing_synced_at INTEGER;

CREATE INDEX users_by_stripe_customer ON users (stripe_customer_id);

-- Every provider event handled, once: a replayed event finds its id here and changes nothing.
CREATE TABLE billing_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  user_id TEXT,
  received_at INTEGER NOT NULL
);
