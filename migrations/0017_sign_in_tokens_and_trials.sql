-- Issue #27: one-time links die when the account changes under them, and a trial is taken once
-- per address, ever.

-- A link withdrawn before it was used: the account's address or password changed after it was
-- sent (or, for a federated sign-in that took over an unproven account, its password was
-- cleared). Kept apart from used_at so the page can say why the link no longer works.
ALTER TABLE account_tokens ADD COLUMN withdrawn_at INTEGER;

-- Addresses that have had a free trial, as a keyed hash (HMAC-SHA256 under a key derived from
-- SESSION_SECRET) of the normalised address: no address can be read back from it, yet signing up
-- again with the same one is recognised. It deliberately has no link to users, so it outlives
-- account deletion (the privacy policy says so). The dates are the address's trial, which a new
-- account with the address inherits as already used.
CREATE TABLE trial_addresses (
  address_hash TEXT PRIMARY KEY,
  trial_start_date INTEGER NOT NULL,
  trial_end_date INTEGER NOT NULL
);
