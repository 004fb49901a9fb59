-- Issue #31: two-factor sign-in with an authenticator app (TOTP, RFC 6238).

-- The authenticator secret, encrypted with a key derived from SESSION_SECRET (never sent to the
-- browser once set-up is confirmed). confirmed_at is null while set-up waits for its first code;
-- last_used_step is the last accepted 30-second step, so that a code works once.
CREATE TABLE two_factor_secrets (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_ciphertext TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  last_used_step INTEGER
);

-- Single-use recovery codes, as keyed hashes bound to the account.
CREATE TABLE two_factor_recovery_codes (
  code_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX two_factor_recovery_codes_by_user ON two_factor_recovery_codes (user_id);

-- A password sign-in waiting for its second step: 10 minutes, 5 attempts, used once. Only the
-- SHA-256 of the token in the browser's signed cookie is stored.
CREATE TABLE two_factor_challenges (
  token_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  redirect_to TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX two_factor_challenges_by_user ON two_factor_challenges (user_id);

-- "Trust this browser for 30 days": the cookie's token hash, so it can be revoked.
CREATE TABLE trusted_browsers (
  token_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX trusted_browsers_by_user ON trusted_browsers (user_id);

-- The workspace policy "Require two-factor sign-in" (Ultimate).
ALTER TABLE workspaces ADD COLUMN require_two_factor INTEGER NOT NULL DEFAULT 0;
