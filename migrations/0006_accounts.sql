-- Accounts people can recover, change and leave (issue #14).

-- "Sign out everywhere" and a password change or reset end every session that started before
-- this moment (milliseconds since the epoch). A session remembers when it started, so nothing in
-- KV has to be found and deleted for the sign-out to take effect on the next request.
ALTER TABLE users ADD COLUMN sessions_revoked_at INTEGER;

-- One-time links sent by e-mail: verifying an address, resetting a password, confirming a new
-- address. Only the SHA-256 of the random token is stored, so a copy of the database opens no
-- account. A token is used once (used_at) and expires (expires_at). `email` is the address the
-- link was sent to: for an e-mail change, the new one.
CREATE TABLE account_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE INDEX account_tokens_by_user ON account_tokens (user_id, purpose, created_at);

-- The local twin of the mail provider: in local runs and tests every e-mail lands here and is
-- shown at /dev/mail (demo mode only). Deployed environments with a provider never write to it.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  links TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
