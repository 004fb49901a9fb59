-- Issue #31: passkeys (WebAuthn). A person adds them on /account and signs in with one.

-- One row per registered credential. `id` is the credential id the authenticator chose
-- (base64url) and is what a sign-in names; `public_key` is its COSE public key (base64url).
-- `counter` is the signature counter the authenticator last reported: a lower one later means a
-- cloned authenticator and is refused (synced passkeys always report 0). The public key opens
-- nothing on its own, so a copy of the database signs no one in.
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,
  device_type TEXT NOT NULL,
  backed_up INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);

CREATE INDEX passkeys_by_user ON passkeys (user_id, created_at);

-- The random challenge of a ceremony that has begun: single use (deleted when it is answered),
-- dead after 5 minutes. Adding a passkey binds it to the account (`user_id`); a sign-in has no
-- account yet, and is bound to the browser by a signed cookie instead. Expired rows are swept
-- whenever a new challenge is issued.
CREATE TABLE passkey_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL
);

CREATE INDEX passkey_challenges_by_expiry ON passkey_challenges (expires_at);
